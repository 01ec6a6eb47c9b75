import type { IncomingHttpHeaders } from 'node:http';

/**
 * A reply the caller wrote itself. Features whose demo answer depends on their own data (the
 * prompt tools' demo answers, server/src/tools) send it in this header, base64 of UTF-8, and
 * only to the demo upstream (the gateway never sends `headers` to a vendor). The demo upstream
 * then streams it like any answer, so it never imports feature code; fault markers in the user
 * message ([demo:error=500], [demo:tokens=N] ...) still apply.
 */
export const GIVEN_ANSWER_HEADER = 'x-demo-answer';

export function encodeGivenAnswer(answer: string): string {
  return Buffer.from(answer, 'utf8').toString('base64');
}

export function givenAnswer(headers: IncomingHttpHeaders): string | undefined {
  const raw = headers[GIVEN_ANSWER_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return undefined;
  const text = Buffer.from(value, 'base64').toString('utf8');
  return text.trim() ? text : undefined;
}
