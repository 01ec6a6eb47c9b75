import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The recorded SearXNG JSON answer the fake replays (a /search?format=json response). */
export const RECORDED_ANSWER = readFileSync(new URL('./searxng-answer.json', import.meta.url), 'utf8');

export type FakeSearxngMode = 'replay' | 'slow' | 'bad-json' | 'error' | 'wrong-shape' | 'huge';

/**
 * A local stand-in for a SearXNG instance on 127.0.0.1: answers GET /search with the recorded
 * JSON (or a fault, by `mode`) and records each query string.
 */
export interface FakeSearxng {
  baseUrl: string;
  mode: FakeSearxngMode;
  queries: URLSearchParams[];
  close(): Promise<void>;
}

export async function startFakeSearxng(): Promise<FakeSearxng> {
  const fake: FakeSearxng = { baseUrl: '', mode: 'replay', queries: [], close: async () => undefined };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname !== '/search') return send(res, 404, 'text/plain', 'not found');
    fake.queries.push(url.searchParams);
    switch (fake.mode) {
      case 'replay':
        return send(res, 200, 'application/json', RECORDED_ANSWER);
      case 'slow':
        // Never answers: the adapter's timeout (or the caller's abort) must end the wait.
        return;
      case 'bad-json':
        return send(res, 200, 'application/json', '{"results": [ {"url": "https://a.example"');
      case 'error':
        // What an instance without `json` in search.formats answers.
        return send(res, 403, 'text/html', '<h1>403 Forbidden</h1>');
      case 'wrong-shape':
        return send(res, 200, 'application/json', JSON.stringify({ results: 'none' }));
      case 'huge':
        return send(res, 200, 'application/json', `{"results":[],"pad":"${'x'.repeat(3 * 1024 * 1024)}"}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
