import type { IncomingHttpHeaders } from 'node:http';

/**
 * What a demo request should do besides answering normally. Driven by request headers (tests
 * and benchmarks that call the upstream directly) and by markers in the last user message, so
 * the same faults can be triggered from the chat box through the whole product:
 *
 *   [demo:error=500]            answer that HTTP status with an OpenAI-style error body
 *   [demo:cut=N]                close the socket after N token chunks (no [DONE])
 *   [demo:slow-first-byte=MS]   wait MS before the status line
 *   [demo:never-end]            keep streaming until the client goes away
 *   [demo:delay=MS]             per-token delay instead of the configured one
 *   [demo:tokens=N]             exactly N content chunks
 *
 * Headers: x-demo-fault (the same items without brackets, comma-separated, e.g.
 * "error=429,slow-first-byte=200"), x-demo-delay-ms, x-demo-tokens, x-demo-reasoning: 1.
 */
export interface DemoPlan {
  errorStatus?: number;
  cutAfter?: number;
  slowFirstByteMs?: number;
  neverEnd: boolean;
  delayMs?: number;
  tokens?: number;
  /** Force a reasoning phase whatever the model id says. */
  reasoning: boolean;
}

const MARKER = /\[demo:([a-z-]+)(?:=(\d{1,7}))?\]/g;
const MAX_DELAY_MS = 60_000;
const MAX_TOKENS = 100_000;

export function emptyPlan(): DemoPlan {
  return { neverEnd: false, reasoning: false };
}

/** Remove the markers so they do not shape the reply text. */
export function stripMarkers(text: string): string {
  return text.replace(MARKER, '').trim();
}

export function planFrom(headers: IncomingHttpHeaders, lastUserText: string): DemoPlan {
  const plan = emptyPlan();
  for (const m of lastUserText.matchAll(MARKER)) apply(plan, m[1]!, m[2]);
  const fault = header(headers, 'x-demo-fault');
  if (fault) {
    for (const item of fault.split(',')) {
      const [name, value] = item.trim().split('=');
      if (name) apply(plan, name.trim(), value?.trim());
    }
  }
  const delay = header(headers, 'x-demo-delay-ms');
  if (delay) apply(plan, 'delay', delay);
  const tokens = header(headers, 'x-demo-tokens');
  if (tokens) apply(plan, 'tokens', tokens);
  if (header(headers, 'x-demo-reasoning') === '1') plan.reasoning = true;
  return plan;
}

function apply(plan: DemoPlan, name: string, raw: string | undefined): void {
  const n = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
  switch (name) {
    case 'error':
      if (n !== undefined && n >= 400 && n <= 599) plan.errorStatus = n;
      break;
    case 'cut':
      if (n !== undefined) plan.cutAfter = n;
      break;
    case 'slow-first-byte':
      if (n !== undefined) plan.slowFirstByteMs = Math.min(n, MAX_DELAY_MS);
      break;
    case 'never-end':
      plan.neverEnd = true;
      break;
    case 'delay':
      if (n !== undefined) plan.delayMs = Math.min(n, MAX_DELAY_MS);
      break;
    case 'tokens':
      if (n !== undefined) plan.tokens = Math.min(n, MAX_TOKENS);
      break;
    default:
      // Unknown items are ignored: the demo must never fail on a typo in a chat message.
      break;
  }
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}
