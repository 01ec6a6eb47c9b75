import { config } from 'zod';

/**
 * Make zod parse without generating code. By default it probes `new Function` once to compile fast
 * object parsers; under the web app's Content-Security-Policy (no 'unsafe-eval') that probe is
 * blocked and reported as a violation even though zod recovers. Browsers call this before any parse.
 */
export function parseWithoutEval(): void {
  config({ jitless: true });
}
