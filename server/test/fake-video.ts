import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the four video vendors' async protocols (Zhipu CogVideoX, Ark Seedance,
 * DashScope Wan, Kling). Each task goes queued -> running -> a status nobody knows -> succeeded
 * over successive polls; a prompt containing FAIL ends failed instead. Result URLs serve once and
 * answer 403 after (vendor URLs expire). Kling's JWT is checked against its secret key.
 */

export interface FakeVideoRequest {
  method: string;
  path: string;
  auth: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

export interface FakeVideo {
  base: string;
  requests: FakeVideoRequest[];
  /** Downloads per result file name. */
  fetches: Map<string, number>;
  close(): Promise<void>;
}

export const FAKE_KLING = { accessKey: 'ak-test', secretKey: 'sk-test' };
/** Bytes served as a result video (any bytes: the adapters do not decode). */
export const FAKE_VIDEO_BYTES = Buffer.from('fake-mp4-bytes');

const STATUSES = {
  zhipu: ['PROCESSING', 'PROCESSING', 'WARMING', 'SUCCESS', 'FAIL'],
  ark: ['queued', 'running', 'paused_for_review', 'succeeded', 'failed'],
  dashscope: ['PENDING', 'RUNNING', 'UNKNOWN', 'SUCCEEDED', 'FAILED'],
  kling: ['submitted', 'processing', 'mystery', 'succeed', 'failed'],
} as const;
type Vendor = keyof typeof STATUSES;

function klingOk(auth: string): boolean {
  const [h, b, s] = auth.replace(/^Bearer /, '').split('.');
  if (!h || !b || !s) return false;
  if (createHmac('sha256', FAKE_KLING.secretKey).update(`${h}.${b}`).digest('base64url') !== s) return false;
  const claims = JSON.parse(Buffer.from(b, 'base64url').toString()) as { iss?: string; exp?: number; nbf?: number };
  const now = Date.now() / 1000;
  return claims.iss === FAKE_KLING.accessKey && (claims.exp ?? 0) > now && (claims.nbf ?? Infinity) <= now;
}

/** `video`: the bytes served as every result (a real MP4 for tests that re-encode it). */
export async function startFakeVideo(opts: { video?: Buffer } = {}): Promise<FakeVideo> {
  const requests: FakeVideoRequest[] = [];
  const fetches = new Map<string, number>();
  const tasks = new Map<string, { vendor: Vendor; polls: number; fail: boolean }>();
  let next = 1;
  let base = '';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const create = (vendor: Vendor, prompt: string) => {
    const id = `${vendor}-${next++}`;
    tasks.set(id, { vendor, polls: 0, fail: prompt.includes('FAIL') });
    return id;
  };
  /** The status of this poll, and the result URL once succeeded. */
  const step = (id: string): { status: string; url?: string; cover?: string } | null => {
    const t = tasks.get(id);
    if (!t) return null;
    const s = STATUSES[t.vendor];
    const i = Math.min(t.polls++, 3);
    if (i === 3) return t.fail ? { status: s[4] } : { status: s[3], url: `${base}/files/${id}.mp4`, cover: `${base}/files/${id}.jpg` };
    return { status: s[i]! };
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const auth = String(req.headers.authorization ?? '');
      let body: Record<string, unknown> | null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      requests.push({ method: req.method ?? 'GET', path, auth, headers: req.headers, body });

      if (path.startsWith('/files/')) {
        const name = path.slice(7);
        const n = (fetches.get(name) ?? 0) + 1;
        fetches.set(name, n);
        if (n > 1) return json(res, 403, { error: 'expired' });
        res.writeHead(200, { 'content-type': name.endsWith('.jpg') ? 'image/jpeg' : 'video/mp4' });
        return res.end(name.endsWith('.jpg') ? Buffer.from('fake-jpg') : (opts.video ?? FAKE_VIDEO_BYTES));
      }
      const isKling = path.startsWith('/v1/videos/');
      if (isKling ? !klingOk(auth) : auth !== 'Bearer good-key') return json(res, 401, { error: 'bad key' });
      const prompt = JSON.stringify(body ?? {});

      // Zhipu
      if (req.method === 'POST' && path === '/videos/generations')
        return json(res, 200, { id: create('zhipu', prompt), task_status: 'PROCESSING' });
      const zp = /^\/async-result\/(.+)$/.exec(path);
      if (zp) {
        const s = step(zp[1]!);
        if (!s) return json(res, 404, {});
        return json(res, 200, { task_status: s.status, ...(s.url ? { video_result: [{ url: s.url, cover_image_url: s.cover }] } : {}) });
      }
      // Ark
      if (req.method === 'POST' && path === '/contents/generations/tasks') return json(res, 200, { id: create('ark', prompt) });
      const ak = /^\/contents\/generations\/tasks\/(.+)$/.exec(path);
      if (ak) {
        const s = step(ak[1]!);
        if (!s) return json(res, 404, {});
        return json(res, 200, {
          id: ak[1],
          status: s.status,
          ...(s.url ? { content: { video_url: s.url } } : {}),
          ...(s.status === 'failed' ? { error: { message: 'content rejected' } } : {}),
        });
      }
      // DashScope
      if (req.method === 'POST' && path === '/api/v1/services/aigc/video-generation/video-synthesis') {
        if (req.headers['x-dashscope-async'] !== 'enable') return json(res, 400, { code: 'InvalidParameter', message: 'async required' });
        return json(res, 200, { output: { task_id: create('dashscope', prompt), task_status: 'PENDING' } });
      }
      const ds = /^\/api\/v1\/tasks\/(.+)$/.exec(path);
      if (ds) {
        const s = step(ds[1]!);
        if (!s) return json(res, 404, {});
        return json(res, 200, {
          output: {
            task_id: ds[1],
            task_status: s.status,
            ...(s.url ? { video_url: s.url } : {}),
            ...(s.status === 'FAILED' ? { code: 'DataInspectionFailed', message: 'bad' } : {}),
          },
        });
      }
      // Kling
      const kl = /^\/v1\/videos\/(text2video|image2video|effects)(?:\/(.+))?$/.exec(path);
      // The task list (the console's connection test): an empty first page.
      if (kl && req.method === 'GET' && !kl[2]) return json(res, 200, { code: 0, message: 'SUCCEED', data: [] });
      if (kl && req.method === 'POST' && !kl[2])
        return json(res, 200, { code: 0, message: 'SUCCEED', data: { task_id: create('kling', prompt), task_status: 'submitted' } });
      if (kl && kl[2]) {
        const s = step(kl[2]);
        if (!s) return json(res, 200, { code: 1203, message: 'task not found' });
        return json(res, 200, {
          code: 0,
          data: {
            task_id: kl[2],
            task_status: s.status,
            task_status_msg: s.status === 'failed' ? 'risk control' : '',
            ...(s.url ? { task_result: { videos: [{ id: 'v1', url: s.url, duration: '5' }] } } : {}),
          },
        });
      }
      json(res, 404, { error: 'no route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, requests, fetches, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
