import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { segmentWords } from '../src/modules/doc-library/segment';

/**
 * A local stand-in for a vendor's OpenAI-compatible POST /v1/embeddings: each input becomes a
 * bag-of-words vector (every segmented word hashed into one of DIMS slots), so texts sharing words
 * are close, as with a real model, and the answer is the same every run. It records the requests
 * (how many inputs, which model) and can be told to fail.
 */

export const FAKE_EMBEDDING_DIMS = 64;

export interface FakeEmbeddings {
  baseUrl: string;
  requests: { model: string; inputs: number }[];
  failing: boolean;
  close(): Promise<void>;
}

export function fakeVector(text: string): number[] {
  const v = new Array<number>(FAKE_EMBEDDING_DIMS).fill(0);
  for (const w of segmentWords(text)) v[createHash('md5').update(w).digest()[0]! % FAKE_EMBEDDING_DIMS]! += 1;
  return v;
}

export async function startFakeEmbeddings(): Promise<FakeEmbeddings> {
  const state: FakeEmbeddings = { baseUrl: '', requests: [], failing: false, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings' || state.failing) {
        res.writeHead(state.failing ? 500 : 404, { 'content-type': 'application/json' }).end('{"error":{"message":"no"}}');
        return;
      }
      const { model, input } = JSON.parse(body) as { model: string; input: string[] };
      state.requests.push({ model, inputs: input.length });
      const data = input.map((text, index) => ({ object: 'embedding', index, embedding: fakeVector(text) }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data, model }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise<void>((r) => server.close(() => r()));
  return state;
}
