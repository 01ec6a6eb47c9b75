import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * One outside service the fake-sources server stands in for: requests whose path starts with
 * `prefix` go to `handle` with the path after the prefix. Answers are recorded (real shapes of
 * the real service, saved once), so adapter tests and browser tests read what production reads.
 */
export interface FakeSource {
  prefix: string;
  handle(req: IncomingMessage, res: ServerResponse, path: string, body: Buffer): void | Promise<void>;
}
