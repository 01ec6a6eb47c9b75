import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny scripted OpenAI-compatible vendor on 127.0.0.1 for adapter tests: each test sets
 * `handler` to speak the part of the protocol it needs (SSE chunks, error bodies, silence,
 * cut sockets). It records every request and when each client socket closed.
 */
export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  remotePort: number;
}

export type FakeHandler = (req: FakeRequest, res: ServerResponse) => void;

export interface FakeVendor {
  baseUrl: string;
  handler: FakeHandler;
  requests: FakeRequest[];
  /** performance.now() of each closed client socket, in order. */
  socketCloses: number[];
  /** Resolves at the next client socket close, with its performance.now(). */
  nextSocketClose(): Promise<number>;
  close(): Promise<void>;
}

export async function startFakeVendor(): Promise<FakeVendor> {
  const waiters: ((at: number) => void)[] = [];
  const fake: FakeVendor = {
    baseUrl: '',
    handler: (_req, res) => sse(res, [{ delta: { content: 'hi' } }], { done: true }),
    requests: [],
    socketCloses: [],
    nextSocketClose: () => new Promise((resolve) => waiters.push(resolve)),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const text = Buffer.concat(parts).toString('utf8');
      const record: FakeRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
        remotePort: req.socket.remotePort ?? 0,
      };
      fake.requests.push(record);
      fake.handler(record, res);
    });
  });
  server.on('connection', (socket) => {
    socket.on('close', () => {
      const at = performance.now();
      fake.socketCloses.push(at);
      for (const w of waiters.splice(0)) w(at);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

/** One OpenAI-style chunk line. */
export function chunk(choice: Record<string, unknown> | null, extra: Record<string, unknown> = {}): string {
  const body = {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'fake',
    choices: choice ? [{ index: 0, finish_reason: null, ...choice }] : [],
    ...extra,
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

export function sseHead(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
}

/** Write a whole SSE answer at once. */
export function sse(
  res: ServerResponse,
  choices: Record<string, unknown>[],
  opts: { done?: boolean; usage?: Record<string, unknown> } = {},
): void {
  sseHead(res);
  for (const c of choices) res.write(chunk(c));
  if (opts.usage) res.write(chunk(null, { usage: opts.usage }));
  res.end(opts.done === false ? '' : 'data: [DONE]\n\n');
}
