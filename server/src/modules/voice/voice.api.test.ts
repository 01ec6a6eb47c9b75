import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Envelope, type TaskInfo } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { startFakeSpeech, type FakeSpeech } from '../../../test/fake-speech';
import { startFakeCosyVoice, type FakeCosyVoice } from '../../../test/fake-cosyvoice';
import { multipartBody } from '../../../test/multipart';
import { taskEnded } from '../../../test/task-poll';
import { probeBytes } from '../../infra/av';
import { createCosyVoiceSpeech, createDemoSpeech, createMiniMaxSpeech, storagePublisher, type TextToSpeech } from '../../infra/speech';
import type { FileStore } from '../../infra/storage';
import type { RunningTaskEngine } from '../../jobs';
import { saveFile } from '../files/service';
import { quotaUsage } from '../quota/service';
import { startTasks } from '../tasks/lifecycle';

/**
 * The voice tools and calls through the real routes and task engine: demo-mode speech is a real
 * labelled MP3, long texts are spoken in parts and joined, clones belong to their owner, the spec's
 * audio clone calls submit the same tasks, a failure refunds once, and deleting a vendor clone
 * deletes it at the vendor (a local MiniMax fake; a CosyVoice fake, whose enrollment fetches the
 * sample from a presigned URL and names the voice itself).
 */

const dir = mkdtempSync(join(tmpdir(), 'voice-api-'));
/** `seconds` of a voice-like tone (a 200 Hz sawtooth, amplitude-modulated like syllables) as WAV. */
const sample = (seconds: number, freq = 200) => {
  const p = join(dir, `s-${seconds}-${freq}.wav`);
  execFileSync('sox', ['-n', '-r', '16000', '-c', '1', p, 'synth', String(seconds), 'saw', String(freq), 'tremolo', '4', '90', 'vol', '0.5']);
  return readFileSync(p);
};
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Call = <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string | null, payload?: unknown) => Promise<{ status: number; body: Envelope<T> }>;
const caller =
  (t: TestApp): Call =>
  async <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string | null, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: token ? { token } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };

describe('voice tools in demo mode', () => {
  let t: TestApp;
  let engine: RunningTaskEngine;
  let call: Call;
  beforeAll(async () => {
    // A small part size, so a paragraph is spoken in several parts and joined.
    t = await createTestApp('pglite', { env: { TZ_BUSINESS: 'UTC', TASK_POLL_MAX_MS: '100' }, overrides: { speech: { ...createDemoSpeech(), maxChars: 40 } } });
    engine = await startTasks(t.ctx, pino({ level: 'silent' }), { workers: true });
    call = caller(t);
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  const run = (token: string, tool: string, inputs: Record<string, unknown>) => call<{ task_id: string }>('POST', `/api/v1/tools/${tool}/run`, token, { inputs });
  const ended = (id: string, token: string) => taskEnded(t, id, token, { timeout: 60_000, interval: 200 });
  const bytesOf = async (token: string, url: string) => (await t.app.inject({ method: 'GET', url, headers: { token } })).rawPayload;
  const upload = async (userId: number, name: string, body: Buffer) => (await saveFile(t.ctx, { userId, name, contentType: 'audio/wav', body, purpose: 'upload' })).id;

  it('speaks a text as a labelled MP3 marked 演示, counted once; the picker lists the demo voices', async () => {
    const voices = await call<{ demo: boolean; voices: { id: string; kind: string }[] }>('GET', '/api/v1/voice/voices', null);
    expect(voices.body.data.demo).toBe(true);
    expect(voices.body.data.voices.map((v) => v.id)).toEqual(['demo-male', 'demo-female']);
    const { token, user } = await t.loginAs();
    const sub = await run(token, 'voice-tts', { text: '欢迎使用万象AI。', voice: 'demo-female', speed: 1.2, pitch: 2 });
    expect(sub.status).toBe(200);
    const task = await ended(sub.body.data.task_id, token);
    expect(task.status).toBe('succeeded');
    const [file] = task.result!.files;
    expect(file!.name).toMatch(/^演示-.*\.mp3$/);
    expect(task.result!.text).toContain('【演示】');
    const facts = await probeBytes(await bytesOf(token, file!.url));
    expect(facts?.formatName).toBe('mp3');
    expect(facts!.duration).toBeGreaterThan(1.5);
    expect(JSON.parse(facts!.tags.aigc!)).toMatchObject({ Label: '1', ContentProducer: '万象AI', ProduceID: task.task_id });
    expect(await quotaUsage(t.ctx, user.id, 'ai_speech')).toEqual({ used: 1, reserved: 0 });
  });

  it('splits a long text at sentence ends, speaks every part and joins them; WAV on request', async () => {
    const { token } = await t.loginAs();
    const sentence = '这是一个用来测试分段合成的句子。';
    const short = await ended((await run(token, 'voice-tts', { text: sentence, spokenNote: false, format: 'wav' })).body.data.task_id, token);
    const long = await ended((await run(token, 'voice-tts', { text: sentence.repeat(6), spokenNote: false, format: 'wav' })).body.data.task_id, token);
    expect(long.status).toBe('succeeded');
    expect(long.result!.text).toMatch(/分 3 段合成后拼接/);
    const one = await probeBytes(await bytesOf(token, short.result!.files[0]!.url));
    const six = await probeBytes(await bytesOf(token, long.result!.files[0]!.url));
    expect(six!.formatName).toBe('wav');
    expect(six!.duration).toBeGreaterThan(one!.duration * 5);
    expect(six!.tags.comment).toContain('AIGC=');
  });

  it('refuses bad input with a Chinese 400 and holds nothing', async () => {
    const { token, user } = await t.loginAs();
    const empty = await run(token, 'voice-tts', { text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    const long = await run(token, 'voice-tts', { text: '长'.repeat(5001) });
    expect(long.status).toBe(400);
    expect((await run(token, 'voice-tts', { text: '你好', voice: 'no-such-voice' })).body.msg).toBe(MSG.voiceUnknown);
    expect((await run(token, 'voice-tts', { text: '你好', speed: 9 })).status).toBe(400);
    expect((await call('POST', '/api/v1/audio_clone/generate', token, { id: 'vcnope', text: '' })).status).toBe(400);
    expect(await quotaUsage(t.ctx, user.id, 'ai_speech')).toEqual({ used: 0, reserved: 0 });
  });

  it('a failed speech task gives its count back once', async () => {
    const { token, user } = await t.loginAs();
    const task = await ended((await run(token, 'voice-tts', { text: '你好 [demo:error=500]' })).body.data.task_id, token);
    expect(task.status).toBe('failed');
    expect(task.error).toBe(MSG.voiceDemoFailure);
    expect(await quotaUsage(t.ctx, user.id, 'ai_speech')).toEqual({ used: 0, reserved: 0 });
    // Retry of the same task is refused or refunds again: the count stays at zero either way.
    await call('POST', `/api/v1/tasks/${task.task_id}/retry`, token);
    expect((await quotaUsage(t.ctx, user.id, 'ai_speech')).used).toBe(0);
  });

  it('clones a voice from a 12 s sample (demo: pitch from the sample), lists, renames, speaks with it, and deletes it', async () => {
    const { token, user } = await t.loginAs();
    const sampleId = await upload(user.id, '样本.wav', sample(12, 220));
    expect((await run(token, 'voice-clone', { name: '我的声音', sample: sampleId })).status).toBe(400); // no consent
    const short = await run(token, 'voice-clone', { name: '太短', sample: await upload(user.id, 's.wav', sample(5)), consent: true });
    expect(short.status).toBe(400);
    expect(short.body.msg).toBe(MSG.voiceSampleTooShort(10, 5));
    const long = await run(token, 'voice-clone', { name: '太长', sample: await upload(user.id, 'l.wav', sample(65)), consent: true });
    expect(long.body.msg).toBe(MSG.voiceSampleTooLong(60, 65));

    const task = await ended((await run(token, 'voice-clone', { name: '我的声音', sample: sampleId, consent: true })).body.data.task_id, token);
    expect(task.status).toBe('succeeded');
    expect(task.result!.text).toContain('【演示】');
    expect(task.result!.files[0]!.name).toBe('演示-试听-我的声音.mp3');
    expect(await quotaUsage(t.ctx, user.id, 'ai_voice_clone')).toEqual({ used: 1, reserved: 0 });
    const clones = (await call<{ id: string; voice: string; demo: boolean }[]>('GET', '/api/v1/voice/clones', token)).body.data;
    expect(clones).toHaveLength(1);
    const clone = clones[0]!;
    expect(clone.demo).toBe(true);
    const picker = (await call<{ voices: { id: string; kind: string }[] }>('GET', '/api/v1/voice/voices', token)).body.data.voices;
    expect(picker[0]).toMatchObject({ id: clone.voice, kind: 'clone' });

    expect((await call<{ name: string }>('PATCH', `/api/v1/voice/clones/${clone.id}`, token, { name: '播音腔' })).body.data.name).toBe('播音腔');
    const spoken = await ended((await run(token, 'voice-tts', { text: '用克隆的声音说话。', voice: clone.voice })).body.data.task_id, token);
    expect(spoken.status).toBe('succeeded');
    expect(spoken.result!.files[0]!.name).toMatch(/^演示-播音腔-/);

    // Another user: not in their picker, not usable, not deletable.
    const other = await t.loginAs();
    const theirs = (await call<{ voices: { id: string }[] }>('GET', '/api/v1/voice/voices', other.token)).body.data.voices;
    expect(theirs.map((v) => v.id)).not.toContain(clone.voice);
    const stolen = await run(other.token, 'voice-tts', { text: '你好', voice: clone.voice });
    expect(stolen.status).toBe(400);
    expect(stolen.body.msg).toBe(MSG.voiceUnknown);
    expect((await call('DELETE', `/api/v1/voice/clones/${clone.id}`, other.token)).status).toBe(404);
    expect((await call('POST', '/api/v1/audio_clone/delete', other.token, { id: clone.id })).status).toBe(404);

    expect((await call('DELETE', `/api/v1/voice/clones/${clone.id}`, token)).status).toBe(200);
    expect((await call<unknown[]>('GET', '/api/v1/voice/clones', token)).body.data).toEqual([]);
  });

  it('a browser recording (WebM without a stated duration) is measured by decoding and clones', async () => {
    const { token, user } = await t.loginAs();
    const webm = execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=f=180:d=12', '-c:a', 'libopus', '-f', 'webm', 'pipe:1']);
    expect((await probeBytes(webm))!.duration).toBe(0);
    const id = (await saveFile(t.ctx, { userId: user.id, name: '录音.webm', contentType: 'audio/webm', body: webm, purpose: 'upload' })).id;
    const sub = await run(token, 'voice-clone', { name: '录音', sample: id, consent: true });
    expect(sub.status).toBe(200);
    expect((await ended(sub.body.data.task_id, token)).status).toBe('succeeded');
  });

  it('the spec audio clone calls: upload (multipart) -> a clone task, files, template, generate / clone_infer -> a speech task, delete', async () => {
    const { token } = await t.loginAs();
    expect((await call('GET', '/api/v1/audio_clone/files', null)).status).toBe(401);
    const noConsent = await multipartBody({ name: 'me.wav', data: sample(11, 120), type: 'audio/wav' }, { name: '低音' });
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/audio_clone/upload', headers: { token, ...noConsent.headers }, payload: noConsent.payload });
    expect(refused.statusCode).toBe(400);
    const form = await multipartBody({ name: 'me.wav', data: sample(11, 120), type: 'audio/wav' }, { name: '低音', consent: 'true' });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/audio_clone/upload', headers: { token, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    const up = res.json<Envelope<{ task_id: string; file_id: string }>>().data;
    expect((await ended(up.task_id, token)).status).toBe('succeeded');
    const files = (await call<{ id: string; name: string }[]>('POST', '/api/v1/audio_clone/files', token)).body.data;
    expect(files.map((f) => f.name)).toEqual(['低音']);
    const template = (await call<{ voices: { id: string }[] }>('GET', '/api/v1/audio_clone/template', token)).body.data;
    expect(template.voices.map((v) => v.id)).toEqual(['demo-male', 'demo-female']);
    for (const path of ['generate', 'clone_infer']) {
      const sub = await call<{ task_id: string }>('POST', `/api/v1/audio_clone/${path}`, token, { id: files[0]!.id, text: '克隆声音合成测试。' });
      expect(sub.status).toBe(200);
      const task: TaskInfo = await ended(sub.body.data.task_id, token);
      expect(task.status).toBe('succeeded');
    }
    expect((await call('POST', '/api/v1/audio_clone/delete', token, {})).status).toBe(400);
    expect((await call('POST', '/api/v1/audio_clone/delete', token, { id: files[0]!.id })).status).toBe(200);
  });
});

/**
 * An app with a vendor's speech and the task workers, for the clone tests: the vendor backend is
 * made in beforeAll (its fake starts first), and everything stops after the describe block.
 */
function vendorSpeechApp(makeSpeech: () => Promise<TextToSpeech>) {
  const got: { t?: TestApp; engine?: RunningTaskEngine } = {};
  beforeAll(async () => {
    got.t = await createTestApp('pglite', { env: { TZ_BUSINESS: 'UTC', TASK_POLL_MAX_MS: '100' }, overrides: { speech: await makeSpeech() } });
    got.engine = await startTasks(got.t.ctx, pino({ level: 'silent' }), { workers: true });
  }, 120_000);
  afterAll(async () => {
    await got.engine?.stop();
    await got.t?.close();
  });
  return () => got.t!;
}

/** A fresh user clones a 12 s sample named `name` through the 声音克隆 tool; the task must succeed. */
async function cloneThroughTool(t: TestApp, name: string) {
  const call = caller(t);
  const { token, user } = await t.loginAs();
  const sampleId = (await saveFile(t.ctx, { userId: user.id, name: 'a.wav', contentType: 'audio/wav', body: sample(12), purpose: 'upload' })).id;
  const sub = await call<{ task_id: string }>('POST', '/api/v1/tools/voice-clone/run', token, { inputs: { name, sample: sampleId, consent: true } });
  const task = await taskEnded(t, sub.body.data.task_id, token, { timeout: 60_000, interval: 200 });
  expect(task.status).toBe('succeeded');
  const clone = (await call<{ id: string; demo: boolean }[]>('GET', '/api/v1/voice/clones', token)).body.data[0]!;
  expect(clone.demo).toBe(false);
  return { call, token, task, clone };
}

describe('voice clones at a vendor (MiniMax fake)', () => {
  let fake: FakeSpeech;
  const app = vendorSpeechApp(async () => {
    const mp3 = (await createDemoSpeech().synthesize({ text: '试听', format: 'mp3' })).bytes;
    fake = await startFakeSpeech({ audio: mp3 });
    return createMiniMaxSpeech({ baseUrl: `${fake.url}/mm`, apiKey: 'k', timeoutMs: 10_000, model: 'speech-02-hd', voices: [{ id: 'female-shaonv', name: '少女' }] });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('clones through upload + voice_clone, speaks with the vendor voice id, and deleting it deletes it at the vendor', async () => {
    const { call, token, task, clone } = await cloneThroughTool(app(), '真人');
    expect(task.result!.files[0]!.name).toBe('试听-真人.mp3');
    const cloned = fake.requests.find((r) => r.path === '/mm/v1/voice_clone')!.body as { voice_id: string };
    const speak = fake.requests.filter((r) => r.path === '/mm/v1/t2a_v2').map((r) => (r.body as { voice_setting: { voice_id: string } }).voice_setting.voice_id);
    expect(speak).toContain(cloned.voice_id);
    expect((await call('DELETE', `/api/v1/voice/clones/${clone.id}`, token)).status).toBe(200);
    expect(fake.deleted).toEqual([cloned.voice_id]);
  });
});

describe('voice clones at CosyVoice (a fake, the sample published through a presigning store)', () => {
  let fake: FakeCosyVoice;
  /** The bucket the sample is published to (the app's own files stay on disk). */
  const bucket = new Map<string, Buffer>();
  const store: FileStore = {
    kind: 's3',
    put: async (key, body) => {
      bucket.set(key, body as Buffer);
      return { bytes: (body as Buffer).length };
    },
    get: async () => null,
    stat: async () => null,
    delete: async (key) => {
      bucket.delete(key);
    },
    signedUrl: async (key, ttl) => `https://bucket.example/${key}?X-Amz-Expires=${ttl}`,
  };
  const app = vendorSpeechApp(async () => {
    const mp3 = (await createDemoSpeech().synthesize({ text: '试听', format: 'mp3' })).bytes;
    fake = await startFakeCosyVoice({ audio: mp3, isPublished: (u) => bucket.has(new URL(u).pathname.slice(1)) });
    return createCosyVoiceSpeech({
      baseUrl: fake.url,
      apiKey: 'k',
      timeoutMs: 10_000,
      model: 'cosyvoice-v2',
      voices: [{ id: 'longxiaochun_v2', name: '龙小淳' }],
      publish: storagePublisher(store),
      pollMs: 10,
    });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('enrolls the published sample, keeps the id the vendor answered, speaks with it, and deletes it there', async () => {
    const { call, token, clone } = await cloneThroughTool(app(), '百炼');
    const create = fake.enrollments.find((e) => e.body.input.action === 'create_voice')!;
    expect(create).toMatchObject({ published: true, body: { input: { target_model: 'cosyvoice-v2', prefix: expect.stringMatching(/^wx[0-9a-z]{1,8}$/) } } });
    // The temporary sample is gone once the enrollment is over.
    expect(bucket.size).toBe(0);
    const voiceId = `cosyvoice-v2-${String(create.body.input.prefix)}-abc1234`;
    // The preview was spoken with the vendor's voice id.
    expect(fake.tasks.map((x) => (x.messages[0]?.payload.parameters as { voice?: string } | undefined)?.voice)).toContain(voiceId);
    expect((await call('DELETE', `/api/v1/voice/clones/${clone.id}`, token)).status).toBe(200);
    expect(fake.enrollments.at(-1)!.body.input).toEqual({ action: 'delete_voice', voice_id: voiceId });
  });
});
