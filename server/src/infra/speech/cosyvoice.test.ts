import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { FAKE_MP3, FAKE_WAV } from '../../../test/fake-speech';
import type { FileStore } from '../storage/types';
import { createCosyVoiceSpeech, enrollmentPrefix, inferenceUrl } from './cosyvoice';
import { storagePublisher } from './publish';
import { SpeechError } from './types';

/**
 * DashScope CosyVoice against a local fake of its protocols: the duplex WebSocket task (run-task, continue-task,
 * finish-task; binary audio frames; task-finished or task-failed) and the voice-enrollment HTTP calls.
 * Keys: 'bad' fails the task with InvalidApiKey, 'refused' is refused at the handshake. Texts: NEVER is never
 * finished, THROTTLE fails with Throttling. A clone sample URL with FAIL in the prefix is refused by the vendor.
 */

interface Sent {
  header: { action: string; task_id: string; streaming: string };
  payload: Record<string, unknown>;
}

let url = '';
let closeFake: () => Promise<void>;
const tasks: { auth: string; messages: Sent[] }[] = [];
const enrollments: { auth: string; body: { model: string; input: Record<string, unknown> }; published: boolean }[] = [];
const objects = new Map<string, Buffer>();
const deployingPolls = new Map<string, number>();

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

beforeAll(async () => {
  const server = createServer((req, res) => {
    void (async () => {
      const body = JSON.parse((await read(req)).toString('utf8') || 'null') as { model: string; input: Record<string, unknown> };
      const auth = String(req.headers.authorization ?? '');
      const input = body.input;
      // Whether the sample the vendor is told to fetch is in the store at that moment.
      const key = typeof input.url === 'string' ? new URL(input.url).pathname.slice(1) : '';
      enrollments.push({ auth, body, published: objects.has(key) });
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.url !== '/api/v1/services/audio/tts/customization') return answer(404, { code: 'NotFound' });
      if (auth === 'Bearer bad') return answer(401, { code: 'InvalidApiKey', message: 'Invalid API-key provided.' });
      if (input.action === 'create_voice') {
        if (String(input.prefix).includes('fail')) return answer(400, { code: 'InvalidParameter', message: 'audio too short' });
        return answer(200, { output: { voice_id: `cosyvoice-v2-${String(input.prefix)}-abc1234` }, request_id: 'r1' });
      }
      if (input.action === 'query_voice') {
        const id = String(input.voice_id);
        const n = deployingPolls.get(id) ?? 0;
        deployingPolls.set(id, n + 1);
        return answer(200, { output: { status: n === 0 ? 'DEPLOYING' : id.includes('undeploy') ? 'UNDEPLOYED' : 'OK' } });
      }
      if (input.action === 'delete_voice') return answer(200, { request_id: 'r2' });
      answer(400, { code: 'InvalidParameter' });
    })();
  });
  const wss = new WebSocketServer({
    server,
    path: '/api-ws/v1/inference',
    verifyClient: (info, cb) => (info.req.headers.authorization === 'bearer refused' ? cb(false, 401, 'Unauthorized') : cb(true)),
  });
  wss.on('connection', (ws, req) => {
    const task = { auth: String(req.headers.authorization ?? ''), messages: [] as Sent[] };
    tasks.push(task);
    const event = (taskId: string, name: string, extra: Record<string, unknown> = {}) =>
      ws.send(JSON.stringify({ header: { task_id: taskId, event: name, attributes: {}, ...extra }, payload: {} }));
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as Sent;
      task.messages.push(msg);
      const id = msg.header.task_id;
      if (msg.header.action === 'run-task') {
        if (task.auth === 'bearer bad') return event(id, 'task-failed', { error_code: 'InvalidApiKey', error_message: 'Invalid API-key provided.' });
        return event(id, 'task-started');
      }
      if (msg.header.action === 'continue-task') {
        const text = String((msg.payload.input as { text: string }).text);
        if (text.includes('NEVER')) return;
        if (text.includes('THROTTLE')) return event(id, 'task-failed', { error_code: 'Throttling.RateQuota', error_message: 'Requests rate limit exceeded' });
        ws.send(JSON.stringify({ header: { task_id: id, event: 'result-generated' }, payload: { output: { type: 'sentence-begin' } } }));
        // The audio in three binary frames.
        for (const part of [FAKE_MP3.subarray(0, 100), FAKE_MP3.subarray(100, 300), FAKE_MP3.subarray(300)]) ws.send(part, { binary: true });
      }
      if (msg.header.action === 'finish-task') {
        const started = task.messages.find((m) => m.header.action === 'continue-task');
        if (String((started?.payload.input as { text?: string } | undefined)?.text).includes('NEVER')) return;
        event(id, 'task-finished');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeFake = () =>
    new Promise<void>((resolve) => {
      for (const c of wss.clients) c.terminate();
      wss.close();
      server.close(() => resolve());
      server.closeAllConnections();
    });
});
afterAll(() => closeFake());

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
    const task = tasks[tasks.length - 1]!;
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
    expect(tasks[tasks.length - 1]!.messages[0]!.payload.parameters).toMatchObject({ voice: 'longxiaochun_v2', format: 'wav', rate: 2 });
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
    const start = enrollments.length;
    const made = await cloner.clone({ bytes: FAKE_WAV, fileName: 'sample.wav', voiceId: 'wx42x0a1b2c3d4e5f' });
    expect(made).toEqual({ vendorVoiceId: 'cosyvoice-v2-wx42x0a1b2-abc1234' });
    const [create, ...polls] = enrollments.slice(start);
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
    expect(enrollments[enrollments.length - 1]).toMatchObject({ published: true, body: { input: { action: 'create_voice' } } });
    expect(objects.size).toBe(0);
    expect(await reason(tts('bad').cloner!.clone({ bytes: FAKE_WAV, fileName: 'sample.wav', voiceId: 'wxbadkey1' }))).toBe('auth');
    expect(objects.size).toBe(0);
  });

  it('removes an enrolled voice that the vendor then refuses (UNDEPLOYED), leaving nothing behind', async () => {
    const cloner = tts().cloner!;
    const start = enrollments.length;
    expect(await reason(cloner.clone({ bytes: FAKE_WAV, fileName: 'sample.wav', voiceId: 'undeploy1' }))).toBe('rejected');
    expect(enrollments.slice(start).map((e) => e.body.input.action)).toEqual(['create_voice', 'query_voice', 'query_voice', 'delete_voice']);
    expect(objects.size).toBe(0);
  });

  it('removes a voice with delete_voice', async () => {
    await tts().cloner!.remove('cosyvoice-v2-wx1-abc1234');
    expect(enrollments[enrollments.length - 1]!.body).toEqual({ model: 'voice-enrollment', input: { action: 'delete_voice', voice_id: 'cosyvoice-v2-wx1-abc1234' } });
  });
});
