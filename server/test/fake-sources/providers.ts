import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { FakeSource } from './types';

/**
 * A fake OpenAI-compatible provider (a user's custom provider, docs/product/custom-models.md §4): POST
 * {base}/chat/completions with `Authorization: Bearer <FAKE_PROVIDER_KEY>` replays a recorded
 * DeepSeek stream; a wrong key gets the recorded 401 body. `/redirect/<port>/v1/...` answers a
 * 307 to another origin (127.0.0.1:<port>), for the test that a key never follows a redirect.
 */
export const FAKE_PROVIDER_KEY = 'sk-fake-provider-0123456789abcd';
export const FAKE_PROVIDER_PREFIX = '/provider-openai';

const FIXTURES = join(import.meta.dirname, '../fixtures/providers');
const STREAM = readFileSync(join(FIXTURES, 'deepseek-chat-stream.sse'), 'utf8');
const UNAUTHORIZED = readFileSync(join(FIXTURES, 'unauthorized.json'), 'utf8');

/** What the fake saw (tests check the key went only where it should). */
export const providerRequestLog: { path: string; authorization?: string; body: string }[] = [];

function handle(req: IncomingMessage, res: ServerResponse, path: string, body: Buffer): void {
  providerRequestLog.push({ path, authorization: req.headers.authorization, body: body.toString('utf8') });
  const redirect = /^\/redirect\/(\d{2,5})(\/.*)$/.exec(path);
  if (redirect) {
    res.writeHead(307, { location: `http://127.0.0.1:${redirect[1]}${redirect[2]}` });
    res.end();
    return;
  }
  if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":{"message":"Not Found","type":"invalid_request_error"}}');
    return;
  }
  if (req.headers.authorization !== `Bearer ${FAKE_PROVIDER_KEY}`) {
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(UNAUTHORIZED);
    return;
  }
  let model = 'deepseek-chat';
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { model?: unknown };
    if (typeof parsed.model === 'string') model = parsed.model;
  } catch {
    // the recorded model name stays
  }
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  // One recorded event per write, a little apart, as a real provider streams.
  const events = STREAM.replaceAll('"model":"deepseek-chat"', `"model":${JSON.stringify(model)}`).split('\n\n').filter(Boolean);
  let i = 0;
  const next = () => {
    if (res.destroyed) return;
    if (i >= events.length) {
      res.end();
      return;
    }
    res.write(`${events[i++]}\n\n`);
    setTimeout(next, 15);
  };
  next();
}

export const PROVIDER_FAKES: FakeSource[] = [{ prefix: FAKE_PROVIDER_PREFIX, handle }];
