import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCosyVoice, type FakeCosyVoice } from '../../../test/fake-cosyvoice';
import { FAKE_MP3, FAKE_WAV } from '../../../test/fake-speech';
import type { FileStore } from '../storage/types';
import { loadConfig } from '../../config';
import { createCosyVoiceSpeech, enrollmentPrefix, inferenceUrl } from './cosyvoice';
import { createTextToSpeech } from './index';
import { storagePublisher } from './publish';
import { SpeechError } from './types';

/**
 * DashScope CosyVoice against a local fake of its protocols (test/fake-cosyvoice.ts): the duplex WebSocket task
 * (run-task, continue-task, finish-task; binary audio frames; task-finished or task-failed) and the voice-enrollment
 * HTTP calls, with the clone sample published through a fake file store that presigns (or not).
 */

/** The fake store's objects: a published sample is here while the vendor enrolls it, and gone after. */
const objects = new Map<string, Buffer>();
let fake: FakeCosyVoice;
let url = '';
beforeAll(async () => {
  fake = await startFakeCosyVoice({ isPublished: (u) => objects.has(new URL(u).pathname.slice(1)) });
  url = fake.url;
});
afterAll(() => fake.close());
const tasks = () => fake.tasks;
const enrollments = () => fake.enrollments;

async function reason(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SpeechError);
  return (err as SpeechError).reason;
}

/** A file store that presigns (as S3 does), or not (as local disk). */
function fakeStore(presigns: boolean): FileStore {
  const store: FileStore = {
    kind: presigns ? 's3' : 'disk',
    put: async (key, body) => {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      objects.set(key, bytes);
      return { bytes: bytes.length };
    },
    get: async (key) => {
      const b = objects.get(key);
      return b ? { body: Readable.from(b), bytes: b.length, contentType: 'audio/wav' } : null;
    },
    stat: async (key) => (objects.has(key) ? { bytes: objects.get(key)!.length, contentType: 'audio/wav' } : null),
    delete: async (key) => {
      objects.delete(key);
    },
  };
  if (presigns) store.signedUrl = async (key, ttl) => `https://bucket.example/${key}?X-Amz-Expires=${ttl}&X-Amz-Signature=s`;
  return store;
}

const tts = (apiKey = 'k', timeoutMs = 5000, presigns = true) =>
  createCosyVoiceSpeech({
    baseUrl: url,
    apiKey,
    timeoutMs,
    model: 'cosyvoice-v2',
    voices: [{ id: 'longxiaochun_v2', name: '龙小淳' }],
    publish: storagePublisher(fakeStore(presigns)),
    pollMs: 10,
  });

describe('CosyVoice synthesis over the duplex WebSocket', () => {
  it('derives the WebSocket endpoint from the base URL', () => {
    expect(inferenceUrl('https://dashscope.aliyuncs.com')).toBe('wss://dashscope.aliyuncs.com/api-ws/v1/inference');
    expect(inferenceUrl('http://127.0.0.1:9/')).toBe('ws://127.0.0.1:9/api-ws/v1/inference');
  });

  it('sends run-task, then the text, then finish-task, and answers the binary frames joined', async () => {
    const out = await tts().synthesize({ text: ' 你好，世界 ', voice: 'longxiaochun_v2', speed: 1.5, format: 'mp3' });
    expect(out.mime).toBe('audio/mpeg');
    expect(out.demo).toBe(false);
    expect(out.bytes.equals(FAKE_MP3)).toBe(true);
    const task = tasks().at(-1)!;
    expect(task.auth).toBe('bearer k');
    const [run, cont, finish] = task.messages;
    expect(run).toMatchObject({
      header: { action: 'run-task', streaming: 'duplex' },
      payload: {
        task_group: 'audio',
        task: 'tts',
        function: 'SpeechSynthesizer',
        model: 'cosyvoice-v2',
        parameters: { text_type: 'PlainText', voice: 'longxiaochun_v2', format: 'mp3', sample_rate: 22050, volume: 50, rate: 1.5, pitch: 1 },
        input: {},
      },
    });
    expect(run!.header.task_id).toMatch(/^[0-9a-f]{32}$/);
    expect(cont).toEqual({ header: { action: 'continue-task', task_id: run!.header.task_id, streaming: 'duplex' }, payload: { input: { text: '你好，世界' } } });
    expect(finish!.header).toEqual({ action: 'finish-task', task_id: run!.header.task_id, streaming: 'duplex' });
  });

  it('asks WAV as WAV, clamps the rate, and uses the first voice by default', async () => {
    const out = await tts().synthesize({ text: '你好', speed: 3, format: 'wav' });
    expect(out.mime).toBe('audio/wav');
    expect(tasks().at(-1)!.messages[0]!.payload.parameters).toMatchObject({ voice: 'longxiaochun_v2', format: 'wav', rate: 2 });
  });

  it('maps task-failed codes, a refused handshake and a task never finished', async () => {
    expect(await reason(tts('bad').synthesize({ text: '你好', format: 'mp3' }))).toBe('auth');
    expect(await reason(tts('refused').synthesize({ text: '你好', format: 'mp3' }))).toBe('auth');
    expect(await reason(tts().synthesize({ text: 'THROTTLE', format: 'mp3' }))).toBe('rate_limited');
    expect(await reason(tts('k', 300).synthesize({ text: 'NEVER', format: 'mp3' }))).toBe('timeout');
    expect(await reason(tts().synthesize({ text: '  ', format: 'mp3' }))).toBe('rejected');
  });

  it('passes the caller abort through unchanged', async () => {
    const ac = new AbortController();
    const p = tts().synthesize({ text: 'NEVER', format: 'mp3', signal: ac.signal });
    setTimeout(() => ac.abort(new Error('cancelled by user')), 50);
    await expect(p).rejects.toThrow('cancelled by user');
  });

  it('reports a vendor that cannot be reached as a network failure', async () => {
    const dead = createCosyVoiceSpeech({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', timeoutMs: 2000, model: 'cosyvoice-v2', voices: [] });
    expect(await reason(dead.synthesize({ text: '你好', format: 'mp3' }))).toBe('network');
  });
});

describe('CosyVoice voice cloning', () => {
  it('offers no cloner when the file store cannot presign (local disk)', () => {
    expect(tts('k', 5000, false).cloner).toBeUndefined();
    expect(createCosyVoiceSpeech({ baseUrl: url, apiKey: 'k', timeoutMs: 1000, model: 'cosyvoice-v2', voices: [] }).cloner).toBeUndefined();
  });

  it('keeps the prefix to 10 lower-case letters and digits', () => {
    expect(enrollmentPrefix('wx42x0a1b2c3d4e5f')).toBe('wx42x0a1b2');
    expect(enrollmentPrefix('Wx-1')).toBe('wx1');
    expect(enrollmentPrefix('--')).toBe('wx');
  });

  it('publishes the sample, enrolls it by URL, waits for it to deploy, then deletes the temporary object', async () => {
    const cloner = tts().cloner!;
    expect(cloner.name).toBe('cosyvoice');
    const start = enrollments().length;
    const made = await cloner.clone({ bytes: FAKE_WAV, fileName: 'sample.wav', voiceId: 'wx42x0a1b2c3d4e5f' });
    expect(made).toEqual({ vendorVoiceId: 'cosyvoice-v2-wx42x0a1b2-abc1234' });
    const [create, ...polls] = enrollments().slice(start);
    expect(create).toMatchObject({
      auth: 'Bearer k',
      published: true,
      body: { model: 'voice-enrollment', input: { action: 'create_voice', target_model: 'cosyvoice-v2', prefix: 'wx42x0a1b2' } },
    });
    expect(String(create!.body.input.url)).toMatch(/^https:\/\/bucket\.example\/voice-samples\/tmp\/[0-9a-f]{24}\.wav\?X-Amz-Expires=600&/);
    expect(polls.map((p) => p.body.input)).toEqual([
      { action: 'query_voice', voice_id: made.vendorVoiceId },
      { action: 'query_voice', voice_id: made.vendorVoiceId },
    ]);
    expect(objects.size).toBe(0);
  });

  it('deletes the temporary object when the vendor refuses the sample too', async () => {
    const cloner = tts().cloner!;
    expect(await reason(cloner.clone({ bytes: FAKE_WAV, fileName: 'sample.wav', voiceId: 'failvoice1' }))).toBe('upstream');
    expect(enrollments().at(-1)).toMatchObject({ published: true, body: { input: { action: 'create_voice' } } });
    expect(objects.size).toBe(0);
    expect(await reason(tts('bad').cloner!.clone({ bytes: FAKE_WAV, fileName: 'sample.wav', voiceId: 'wxbadkey1' }))).toBe('auth');
    expect(objects.size).toBe(0);
  });

  it('removes an enrolled voice that the vendor then refuses (UNDEPLOYED), leaving nothing behind', async () => {
    const cloner = tts().cloner!;
    const start = enrollments().length;
    expect(await reason(cloner.clone({ bytes: FAKE_WAV, fileName: 'sample.wav', voiceId: 'undeploy1' }))).toBe('rejected');
    expect(enrollments().slice(start).map((e) => e.body.input.action)).toEqual(['create_voice', 'query_voice', 'query_voice', 'delete_voice']);
    expect(objects.size).toBe(0);
  });

  it('removes a voice with delete_voice', async () => {
    await tts().cloner!.remove('cosyvoice-v2-wx1-abc1234');
    expect(enrollments().at(-1)!.body).toEqual({ model: 'voice-enrollment', input: { action: 'delete_voice', voice_id: 'cosyvoice-v2-wx1-abc1234' } });
  });
});

describe('TTS_PROVIDER=cosyvoice', () => {
  const config = loadConfig({ TTS_PROVIDER: 'cosyvoice', TTS_API_KEY: 'k' });

  it('builds CosyVoice with its defaults, cloning only with a store that presigns', () => {
    const onDisk = createTextToSpeech(config, { demo: false, storage: fakeStore(false) })!;
    expect(onDisk).toMatchObject({ name: 'cosyvoice', demo: false, maxChars: 2000, native: { speed: true } });
    expect(onDisk.voices()[0]!.id).toBe('longxiaochun_v2');
    expect(onDisk.cloner).toBeUndefined();
    expect(createTextToSpeech(config, { demo: false })!.cloner).toBeUndefined();
    expect(createTextToSpeech(config, { demo: false, storage: fakeStore(true) })!.cloner?.name).toBe('cosyvoice');
  });
});
