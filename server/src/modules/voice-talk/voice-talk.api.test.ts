import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, TALK_LIMITS, type Envelope } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { multipartBody } from '../../../test/multipart';
import { postStream, namesOf, textOf } from '../../../test/sse-client';
import { loadCatalog } from '../../catalog';
import { testConfig } from '../../config';
import { ffmpeg, probeBytes, withWorkDir } from '../../infra/av';
import { createLlmGateway } from '../../llm/gateway';
import { createOpenAiSpeechToText, noSpeechToText, type SpeechToText } from '../../infra/stt';
import { quotaUsage } from '../quota/service';
import { transcribeTalk } from './transcribe';
import type { TalkTranscript } from './transcribe';

/**
 * Voice conversation: a recorded turn to text (a local fake of the OpenAI transcription protocol,
 * or the demo placeholder), the answer through the chat stream (paid like chat: a delivered answer
 * once, an answer with no text not at all), and the answer spoken back as a labelled MP3.
 */
const ENV = { DEMO_TOKEN_DELAY_MS: '2' };

/** A tone of `seconds` as MP3 (what a browser recording becomes after upload, typed by ffprobe). */
const tone = (seconds: number, ext: 'mp3' | 'webm' = 'mp3') =>
  withWorkDir(async (dir) => {
    const out = join(dir, `t.${ext}`);
    await ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, ...(ext === 'webm' ? ['-c:a', 'libopus'] : ['-c:a', 'libmp3lame']), out], { timeoutMs: 30_000 });
    return readFile(out);
  });

describe.each(testDbKinds())('voice conversation on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let stt: SpeechToText = noSpeechToText;
  let fake: Server;
  const heard: { path: string; size: number }[] = [];
  let clip: Buffer;

  beforeAll(async () => {
    fake = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        heard.push({ path: req.url ?? '', size: Buffer.concat(chunks).length });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: ' 今天天气怎么样？ ' }));
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const fakeBase = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
    const real = createOpenAiSpeechToText({ baseUrl: fakeBase, model: 'whisper-1', timeoutMs: 5000, language: 'zh' });
    // Switchable: the same app with and without a speech-to-text service.
    const switching: SpeechToText = {
      get name() {
        return stt.name;
      },
      transcribe: (input) => stt.transcribe(input),
    };
    stt = real;
    const catalog = loadCatalog();
    const llm = await createLlmGateway(testConfig(ENV), catalog, pino({ level: 'silent' }));
    t = await createTestApp(kind, { env: ENV, overrides: { catalog, llm, stt: switching } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    clip = await tone(2.5);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => fake?.close(r));
  });

  const transcribe = async (token: string | undefined, file: { name: string; data: Buffer } | null, fields: Record<string, string> = {}) => {
    const { payload, headers } = await multipartBody(file, fields);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/voice/talk/transcribe', payload, headers: { ...headers, ...(token ? { token } : {}) } });
    return res.json<Envelope<TalkTranscript>>();
  };

  it('a recorded turn goes to the speech-to-text service and its words come back', async () => {
    const { token } = await t.loginAs();
    const before = heard.length;
    const res = await transcribe(token, { name: 'turn.bin', data: clip });
    expect(res.code).toBe(200);
    expect(res.data.text).toBe('今天天气怎么样？');
    expect(res.data.demo).toBe(false);
    expect(res.data.seconds).toBeCloseTo(2.5, 0);
    expect(heard.length).toBe(before + 1);
    expect(heard.at(-1)!.path).toBe('/v1/audio/transcriptions');
    expect(heard.at(-1)!.size).toBeGreaterThan(clip.length);
  });

  it('demo mode without a speech-to-text service: an honest placeholder marked 演示', async () => {
    const real = stt;
    stt = noSpeechToText;
    try {
      const { token } = await t.loginAs();
      const res = await transcribe(token, { name: 'turn.webm', data: await tone(1.5, 'webm') });
      expect(res.code).toBe(200);
      expect(res.data.demo).toBe(true);
      expect(res.data.text).toContain('演示');
      expect(res.data.text).toContain('未配置语音识别服务');
      expect(res.data.text).toContain('1.5 秒');
    } finally {
      stt = real;
    }
  });

  it('a real deployment without speech to text says the operator has not enabled it', async () => {
    const file = { filename: 'a.mp3', mime: 'audio/mpeg', data: clip, fields: {} };
    await expect(transcribeTalk({ stt: noSpeechToText, llm: { demo: false } as never }, pino({ level: 'silent' }), file, 'turn')).rejects.toThrow(MSG.talkSttNotEnabled);
  });

  it('bad input answers a Chinese 400; visitors 401', async () => {
    const { token } = await t.loginAs();
    const noFile = await transcribe(token, null);
    expect(noFile.code).toBe(400);
    expect(noFile.msg).toBe(MSG.talkNeedAudio);
    const notAudio = await transcribe(token, { name: 'voice.mp3', data: Buffer.from('这不是音频，只是文字伪装成 mp3') });
    expect(notAudio.code).toBe(400);
    expect(notAudio.msg).toBe(MSG.talkNotAudio);
    const long = await transcribe(token, { name: 'long.mp3', data: await tone(TALK_LIMITS.turnMaxSeconds + 5) });
    expect(long.code).toBe(400);
    expect(long.msg).toBe(MSG.talkTooLong(TALK_LIMITS.turnMaxSeconds));
    // The same length is fine as an uploaded file (音频对话 takes up to 10 minutes).
    const asFile = await transcribe(token, { name: 'long.mp3', data: await tone(TALK_LIMITS.turnMaxSeconds + 5) }, { mode: 'file' });
    expect(asFile.code).toBe(200);

    const empty = (await t.app.inject({ method: 'POST', url: '/api/v1/voice/talk/speak', headers: { token }, payload: { text: '  ' } })).json<Envelope<null>>();
    expect(empty.code).toBe(400);
    expect(empty.msg).toBe(MSG.talkTextEmpty);
    const tooLong = (await t.app.inject({ method: 'POST', url: '/api/v1/voice/talk/speak', headers: { token }, payload: { text: '好'.repeat(TALK_LIMITS.speakMaxChars + 1) } })).json<Envelope<null>>();
    expect(tooLong.code).toBe(400);
    expect(tooLong.msg).toBe(MSG.talkTextTooLong(TALK_LIMITS.speakMaxChars));

    expect((await transcribe(undefined, { name: 'turn.mp3', data: clip })).code).toBe(401);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/v1/voice/talk/speak', payload: { text: '你好' } });
    expect(visitor.json<Envelope<null>>().code).toBe(401);
  });

  it('speak answers an MP3 carrying the AIGC label, without taking an ai_speech count', async () => {
    const { token, user } = await t.loginAs();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/voice/talk/speak', headers: { token }, payload: { text: '你好，今天天气晴朗。' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['x-demo']).toBe('1');
    const facts = await probeBytes(res.rawPayload);
    expect(facts?.formatName).toBe('mp3');
    expect(facts!.duration).toBeGreaterThan(0.3);
    expect(JSON.parse(facts!.tags.aigc!)).toMatchObject({ Label: '1', ContentProducer: '万象AI' });
    expect((await quotaUsage(t.ctx, user.id, 'ai_speech')).used).toBe(0);
  });

  it('the answer to a transcribed turn is paid like chat: once when text was delivered, not at all when none was', async () => {
    const { token, user } = await t.loginAs();
    const heardText = (await transcribe(token, { name: 'turn.mp3', data: clip })).data.text;
    const paid = await postStream(base, '/api/v1/chat2/deepseek_v3', { prompt: `${heardText} [demo:tokens=4]`, conversationId: 'talk-1' }, token);
    await paid.finished;
    expect(paid.envelope).toBeUndefined();
    expect(namesOf(paid).at(-1)).toBe('done');
    expect(textOf(paid).length).toBeGreaterThan(0);
    expect(await quotaUsage(t.ctx, user.id, 'chat')).toMatchObject({ used: 1, reserved: 0 });

    const failed = await postStream(base, '/api/v1/chat2/deepseek_v3', { prompt: `${heardText} [demo:error=500]`, conversationId: 'talk-1' }, token);
    await failed.finished;
    expect(namesOf(failed)).toEqual(['meta', 'error']);
    expect(await quotaUsage(t.ctx, user.id, 'chat')).toMatchObject({ used: 1, reserved: 0 });
  });
});
