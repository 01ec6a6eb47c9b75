import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiSpeechToText } from './openai-compatible';
import { noSpeechToText, SttError } from './index';

/** The real adapter against a local fake of POST {base}/audio/transcriptions. */
interface Received {
  path: string;
  authorization?: string;
  contentType: string;
  form: FormData;
}

let server: Server;
let base: string;
const received: Received[] = [];
let answer: (res: ServerResponse) => void = () => undefined;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', async () => {
      const contentType = req.headers['content-type'] ?? '';
      // Parse the multipart body the way any server would, with the platform's own parser.
      const form = await new Response(Buffer.concat(parts), { headers: { 'content-type': contentType } }).formData();
      received.push({ path: req.url ?? '', authorization: req.headers.authorization, contentType, form });
      answer(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const json = (status: number, body: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const AUDIO = Buffer.from('ID3\u0004fake-mp3-bytes-0123456789');

describe('OpenAI-compatible speech to text', () => {
  it('posts the file, model and format as multipart with the bearer key, and returns the text', async () => {
    answer = json(200, { text: '  大家好，这是一段测试音频。 ' });
    const stt = createOpenAiSpeechToText({
      baseUrl: `${base}/`,
      apiKey: 'sk-test-123',
      model: 'whisper-1',
      timeoutMs: 5000,
      language: 'zh',
    });
    const text = await stt.transcribe({ data: AUDIO, filename: '会议.mp3', mime: 'audio/mpeg' });
    expect(text).toBe('大家好，这是一段测试音频。');
    const got = received.at(-1)!;
    expect(got.path).toBe('/v1/audio/transcriptions');
    expect(got.authorization).toBe('Bearer sk-test-123');
    expect(got.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(got.form.get('model')).toBe('whisper-1');
    expect(got.form.get('response_format')).toBe('json');
    expect(got.form.get('language')).toBe('zh');
    const file = got.form.get('file') as File;
    expect(file.name).toBe('会议.mp3');
    expect(file.type).toBe('audio/mpeg');
    expect(Buffer.from(await file.arrayBuffer()).equals(AUDIO)).toBe(true);
  });

  it('sends no authorization header without a key (self-hosted servers)', async () => {
    answer = json(200, { text: '好' });
    const stt = createOpenAiSpeechToText({ baseUrl: base, model: 'whisper-large-v3', timeoutMs: 5000 });
    await stt.transcribe({ data: AUDIO, filename: 'a.wav', mime: 'audio/wav' });
    expect(received.at(-1)!.authorization).toBeUndefined();
    expect(received.at(-1)!.form.get('language')).toBeNull();
  });

  it('maps vendor failures to reasons and keeps the key out of the message', async () => {
    const stt = createOpenAiSpeechToText({ baseUrl: base, apiKey: 'sk-secret-9', model: 'whisper-1', timeoutMs: 5000 });
    const failure = async () =>
      (await stt.transcribe({ data: AUDIO, filename: 'a.mp3', mime: 'audio/mpeg' }).catch((e: unknown) => e)) as SttError;
    answer = json(401, { error: { message: 'Incorrect API key provided: sk-secret-9' } });
    let err = await failure();
    expect(err).toBeInstanceOf(SttError);
    expect(err.reason).toBe('auth');
    expect(err.status).toBe(401);
    expect(err.message).toContain('Incorrect API key');
    expect(err.message).not.toContain('sk-secret-9');
    answer = json(400, { error: { message: 'Invalid file format.' } });
    expect((await failure()).reason).toBe('rejected');
    answer = json(429, { error: { message: 'Rate limit' } });
    expect((await failure()).reason).toBe('rate_limited');
    answer = json(503, { error: 'overloaded' });
    err = await failure();
    expect(err.reason).toBe('upstream');
    expect(err.message).toContain('overloaded');
    answer = json(200, { transcript: 'wrong field' });
    expect((await failure()).reason).toBe('upstream');
  });

  it('times out a silent service and reports an unreachable one as a network failure', async () => {
    answer = () => undefined; // never answers
    const slow = createOpenAiSpeechToText({ baseUrl: base, model: 'whisper-1', timeoutMs: 1000 });
    const err = (await slow.transcribe({ data: AUDIO, filename: 'a.mp3', mime: 'audio/mpeg' }).catch((e: unknown) => e)) as SttError;
    expect(err.reason).toBe('timeout');
    const down = createOpenAiSpeechToText({ baseUrl: 'http://127.0.0.1:9/v1', model: 'whisper-1', timeoutMs: 2000 });
    const err2 = (await down.transcribe({ data: AUDIO, filename: 'a.mp3', mime: 'audio/mpeg' }).catch((e: unknown) => e)) as SttError;
    expect(err2.reason).toBe('network');
  });

  it('asks for verbose_json with segment times and answers the segments in order, skipping broken ones', async () => {
    // The shape OpenAI (and FunASR's OpenAI-compatible server) answers for verbose_json.
    answer = json(200, {
      task: 'transcribe',
      language: 'chinese',
      duration: 9.6,
      text: '大家好。第二句。',
      segments: [
        { id: 1, start: 5.1, end: 9.2, text: ' 第二句。 ' },
        { id: 0, start: 0.0, end: 3.3, text: '大家好。' },
        { id: 2, start: 9.4, end: 9.3, text: '坏的时间' },
        { id: 3, start: 9.4, end: 9.5, text: '   ' },
      ],
    });
    const stt = createOpenAiSpeechToText({ baseUrl: base, apiKey: 'k', model: 'whisper-1', timeoutMs: 5000, language: 'zh' });
    const got = await stt.transcribeTimed!({ data: AUDIO, filename: 'a.mp3', mime: 'audio/mpeg' });
    const sent = received.at(-1)!;
    expect(sent.form.get('response_format')).toBe('verbose_json');
    expect(sent.form.getAll('timestamp_granularities[]')).toEqual(['segment']);
    expect(got.text).toBe('大家好。第二句。');
    expect(got.duration).toBe(9.6);
    expect(got.segments).toEqual([
      { start: 0, end: 3.3, text: '大家好。' },
      { start: 5.1, end: 9.2, text: '第二句。' },
    ]);
    // A server that ignores verbose_json (no segments) is an upstream failure, not an empty subtitle.
    answer = json(200, { text: '只有文字' });
    const err = (await stt.transcribeTimed!({ data: AUDIO, filename: 'a.mp3', mime: 'audio/mpeg' }).catch((e: unknown) => e)) as SttError;
    expect(err.reason).toBe('upstream');
    answer = json(401, { error: { message: 'bad key' } });
    const err2 = (await stt.transcribeTimed!({ data: AUDIO, filename: 'a.mp3', mime: 'audio/mpeg' }).catch((e: unknown) => e)) as SttError;
    expect(err2.reason).toBe('auth');
  });

  it('with none configured, every call fails as not_configured', async () => {
    const err = (await noSpeechToText
      .transcribe({ data: AUDIO, filename: 'a.mp3', mime: 'audio/mpeg' })
      .catch((e: unknown) => e)) as SttError;
    expect(err.reason).toBe('not_configured');
    const timed = (await noSpeechToText.transcribeTimed!({ data: AUDIO, filename: 'a.mp3', mime: 'audio/mpeg' }).catch((e: unknown) => e)) as SttError;
    expect(timed.reason).toBe('not_configured');
  });
});
