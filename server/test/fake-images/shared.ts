import type { IncomingMessage } from 'node:http';

/** What every fake image protocol shares (index.ts starts them; each protocol file answers its routes). */

export interface FakeRequest {
  method: string;
  /** Path below the protocol's base, with the query. */
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface FakeReply {
  status: number;
  json?: unknown;
  text?: string;
}

export type FakeRoutes = (req: FakeRequest) => Promise<FakeReply>;

/** Result pictures the fakes hand out, each downloadable once. */
export interface FakeFiles {
  /** A PNG of width × height: its one-time URL and its base64. */
  picture(width: number, height: number): Promise<{ url: string; b64: string }>;
  /** How often a result URL was fetched. */
  fetches(url: string): number;
  /** Every result URL handed out so far, oldest first. */
  handedOut: string[];
}

/** What a fake recorded of one request (the JSON body, or the multipart fields and files). */
export interface Recorded {
  vendor: string;
  path: string;
  body: Record<string, unknown>;
  files?: Record<string, Buffer>;
}

/** The value of `[fake:name=value]` in a prompt ('' for a bare `[fake:name]`), or null. */
export function marker(prompt: unknown, name: string): string | null {
  const m = new RegExp(`\\[fake:${name}(?:=([^\\]]*))?\\]`).exec(typeof prompt === 'string' ? prompt : '');
  return m ? (m[1] ?? '') : null;
}

export function bearer(req: FakeRequest): string {
  return (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
}
