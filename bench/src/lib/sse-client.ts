import { type Agent, request } from 'undici';
import { createParser } from 'eventsource-parser';

export interface StreamResult {
  /** ms from sending the request to the first content chunk. */
  ttfbMs: number;
  chunks: number;
  ok: boolean;
  error?: string;
}

/**
 * POST a JSON body and read an SSE answer, counting content chunks: for the product's stream
 * the `text` events, for an OpenAI-compatible upstream the chunks with delta.content.
 */
export async function streamOnce(
  dispatcher: Agent,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  kind: 'product' | 'openai',
): Promise<StreamResult> {
  const start = performance.now();
  let ttfbMs = -1;
  let chunks = 0;
  let ok = false;
  let error: string | undefined;
  const parser = createParser({
    onEvent: (ev) => {
      if (kind === 'product') {
        if (ev.event === 'text') {
          if (ttfbMs < 0) ttfbMs = performance.now() - start;
          chunks++;
        } else if (ev.event === 'done') ok = true;
        else if (ev.event === 'error') error = ev.data;
      } else {
        if (ev.data === '[DONE]') {
          ok = true;
          return;
        }
        const content = (JSON.parse(ev.data) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content;
        if (content) {
          if (ttfbMs < 0) ttfbMs = performance.now() - start;
          chunks++;
        }
      }
    },
  });
  const res = await request(url, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (res.statusCode !== 200 || !String(res.headers['content-type'] ?? '').includes('text/event-stream')) {
    const text = await res.body.text();
    return { ttfbMs: -1, chunks: 0, ok: false, error: `HTTP ${res.statusCode}: ${text.slice(0, 200)}` };
  }
  const decoder = new TextDecoder();
  for await (const part of res.body) parser.feed(decoder.decode(part as Buffer, { stream: true }));
  return { ttfbMs, chunks, ok, error };
}

export interface HeldStream {
  /** ms from the request to the first `text` event. */
  firstMs: number;
  /** Disconnect (the server must abort its upstream and release the hold). */
  close: () => void;
}

/**
 * Open a product stream and resolve once its first `text` event arrived, leaving it open (for
 * measuring the server with many live, mostly idle streams). Rejects when the answer is not a stream.
 */
export async function openHeldStream(dispatcher: Agent, url: string, body: unknown, headers: Record<string, string>): Promise<HeldStream> {
  const abort = new AbortController();
  const start = performance.now();
  const res = await request(url, {
    method: 'POST',
    dispatcher,
    signal: abort.signal,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (res.statusCode !== 200 || !String(res.headers['content-type'] ?? '').includes('text/event-stream')) {
    const text = await res.body.text();
    throw new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`);
  }
  return new Promise<HeldStream>((resolve, reject) => {
    let first = -1;
    const parser = createParser({
      onEvent: (ev) => {
        if (ev.event === 'text' && first < 0) {
          first = performance.now() - start;
          resolve({ firstMs: first, close: () => abort.abort() });
        }
      },
    });
    const decoder = new TextDecoder();
    res.body.on('data', (part: Buffer) => parser.feed(decoder.decode(part, { stream: true })));
    res.body.on('error', (err) => {
      if (first < 0) reject(err);
    });
    res.body.on('end', () => {
      if (first < 0) reject(new Error('stream ended before its first chunk'));
    });
  });
}
