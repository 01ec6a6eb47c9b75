import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { FAKE_MP3 } from './fake-speech';

/**
 * A local fake of DashScope CosyVoice: the duplex WebSocket task at /api-ws/v1/inference (run-task → task-started,
 * continue-task → a result-generated event and the audio in three binary frames, finish-task → task-finished) and the
 * voice-enrollment HTTP calls at /api/v1/services/audio/tts/customization (create_voice, query_voice: DEPLOYING once
 * then OK, delete_voice). Keys: 'bad' fails the task with InvalidApiKey (and the HTTP calls with 401), 'refused' is
 * refused at the WebSocket handshake. Texts: NEVER is never finished, THROTTLE fails with Throttling.RateQuota. An
 * enrollment prefix with "fail" is refused (InvalidParameter); a voice id with "undeploy" ends UNDEPLOYED.
 */

export interface CosyVoiceSent {
  header: { action: string; task_id: string; streaming: string };
  payload: Record<string, unknown>;
}

export interface FakeCosyVoice {
  url: string;
  /** One per WebSocket connection: its Authorization header and the messages it sent. */
  tasks: { auth: string; messages: CosyVoiceSent[] }[];
  /** The enrollment calls; `published`: whether `isPublished(url)` held when create_voice came. */
  enrollments: { auth: string; body: { model: string; input: Record<string, unknown> }; published: boolean }[];
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

/** `isPublished`: asked with the sample URL of a create_voice (a test's fake store says whether the object is there). */
export async function startFakeCosyVoice(opts: { audio?: Buffer; isPublished?: (url: string) => boolean } = {}): Promise<FakeCosyVoice> {
  const audio = opts.audio ?? FAKE_MP3;
  const tasks: FakeCosyVoice['tasks'] = [];
  const enrollments: FakeCosyVoice['enrollments'] = [];
  const polls = new Map<string, number>();
  const server = createServer((req, res) => {
    void (async () => {
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const raw = (await read(req)).toString('utf8');
      if (req.url !== '/api/v1/services/audio/tts/customization') return answer(404, { code: 'NotFound' });
      const body = JSON.parse(raw || 'null') as { model: string; input: Record<string, unknown> };
      const auth = String(req.headers.authorization ?? '');
      const input = body.input;
      enrollments.push({ auth, body, published: typeof input.url === 'string' && Boolean(opts.isPublished?.(input.url)) });
      if (auth === 'Bearer bad') return answer(401, { code: 'InvalidApiKey', message: 'Invalid API-key provided.' });
      if (input.action === 'create_voice') {
        if (String(input.prefix).includes('fail')) return answer(400, { code: 'InvalidParameter', message: 'audio too short' });
        return answer(200, { output: { voice_id: `cosyvoice-v2-${String(input.prefix)}-abc1234` }, request_id: 'r1' });
      }
      if (input.action === 'query_voice') {
        const id = String(input.voice_id);
        const n = polls.get(id) ?? 0;
        polls.set(id, n + 1);
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
    const task = { auth: String(req.headers.authorization ?? ''), messages: [] as CosyVoiceSent[] };
    tasks.push(task);
    let never = false;
    const event = (taskId: string, name: string, extra: Record<string, unknown> = {}) =>
      ws.send(JSON.stringify({ header: { task_id: taskId, event: name, attributes: {}, ...extra }, payload: {} }));
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as CosyVoiceSent;
      task.messages.push(msg);
      const id = msg.header.task_id;
      if (msg.header.action === 'run-task') {
        if (task.auth === 'bearer bad') return event(id, 'task-failed', { error_code: 'InvalidApiKey', error_message: 'Invalid API-key provided.' });
        return event(id, 'task-started');
      }
      if (msg.header.action === 'continue-task') {
        const text = String((msg.payload.input as { text?: unknown } | undefined)?.text);
        never = text.includes('NEVER');
        if (never) return;
        if (text.includes('THROTTLE')) return event(id, 'task-failed', { error_code: 'Throttling.RateQuota', error_message: 'Requests rate limit exceeded' });
        ws.send(JSON.stringify({ header: { task_id: id, event: 'result-generated', attributes: {} }, payload: { output: { type: 'sentence-begin' } } }));
        const third = Math.ceil(audio.length / 3);
        for (let at = 0; at < audio.length; at += third) ws.send(audio.subarray(at, at + third), { binary: true });
      }
      if (msg.header.action === 'finish-task' && !never) event(id, 'task-finished');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tasks,
    enrollments,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
