import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the music vendors (MiniMax music_generation, a Suno-style relay, the separation
 * service, AcoustID lookup), speaking their protocols. Result files are single-use like the
 * vendors' signed URLs: the first download answers the bytes, every later one 403.
 */

export interface FakeMusic {
  base: string;
  requests: { method: string; path: string; auth: string | undefined; body: unknown; raw: Buffer }[];
  fetches: Map<string, number>;
  /** Polls of a Suno task before it succeeds (the first answers NOT_START, the second an unknown status). */
  sunoPollsBeforeDone: number;
  close(): Promise<void>;
}

const bytesOf = (name: string) => Buffer.concat([Buffer.from('ID3'), Buffer.from(`fake audio ${name}`.padEnd(256, '.'))]);

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeMusic(): Promise<FakeMusic> {
  const polls = new Map<string, number>();
  let seq = 0;
  const state: Omit<FakeMusic, 'base' | 'close'> = { requests: [], fetches: new Map(), sunoPollsBeforeDone: 3 };
  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://x');
      const type = String(req.headers['content-type'] ?? '');
      const body = type.includes('json') && raw.length ? JSON.parse(raw.toString('utf8')) : type.includes('urlencoded') ? Object.fromEntries(new URLSearchParams(raw.toString('utf8'))) : null;
      state.requests.push({ method: req.method ?? '', path: url.pathname, auth: req.headers.authorization, body, raw });
      const json = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      const fileUrl = (name: string) => `${base}/files/${name}`;
      if (url.pathname.startsWith('/files/')) {
        const name = url.pathname.slice(7);
        const n = (state.fetches.get(name) ?? 0) + 1;
        state.fetches.set(name, n);
        if (n > 1) return json(403, { error: 'expired' });
        res.writeHead(200, { 'content-type': name.endsWith('.png') ? 'image/png' : 'audio/mpeg' });
        return res.end(bytesOf(name));
      }
      // The account's file list (the console's connection test), refused with MiniMax's code as music is.
      if (url.pathname === '/v1/files/list') {
        if (req.headers.authorization !== 'Bearer good-key') return json(200, { base_resp: { status_code: 1004, status_msg: 'authorized error' } });
        return json(200, { files: [], base_resp: { status_code: 0, status_msg: 'success' } });
      }
      if (url.pathname === '/v1/music_generation') {
        if (req.headers.authorization !== 'Bearer good-key') return json(200, { base_resp: { status_code: 1004, status_msg: 'authorized error' } });
        const b = body as { prompt?: string; output_format?: string };
        if (b.prompt?.includes('FAIL')) return json(200, { base_resp: { status_code: 1027, status_msg: 'output new_sensitive' } });
        const name = `mm-${++seq}.mp3`;
        const audio = b.output_format === 'hex' ? bytesOf(name).toString('hex') : fileUrl(name);
        return json(200, { data: { audio, status: 2 }, extra_info: { music_duration: 31_500 }, base_resp: { status_code: 0, status_msg: 'success' } });
      }
      if (url.pathname === '/suno/submit/music') {
        if (req.headers.authorization !== 'Bearer relay-key') return json(401, { code: 'error', message: 'bad key' });
        const id = `task-${++seq}`;
        polls.set(id, 0);
        if ((body as { tags?: string }).tags?.includes('FAIL')) polls.set(id, -100);
        return json(200, { code: 'success', message: '', data: id });
      }
      if (url.pathname.startsWith('/suno/fetch/')) {
        const id = decodeURIComponent(url.pathname.slice(12));
        const n = (polls.get(id) ?? 0) + 1;
        polls.set(id, n);
        if (n <= -90) return json(200, { code: 'success', data: { task_id: id, status: 'FAILURE', fail_reason: 'content policy', data: null } });
        if (n <= state.sunoPollsBeforeDone) return json(200, { code: 'success', data: { task_id: id, status: ['NOT_START', 'STREAMING_SOMETHING_NEW', 'IN_PROGRESS'][n - 1] ?? 'IN_PROGRESS', data: [] } });
        const clip = (k: number) => ({ id: `${id}-${k}`, audio_url: fileUrl(`${id}-${k}.mp3`), image_url: fileUrl(`${id}-${k}.png`), title: '夏夜', metadata: { tags: 'pop', prompt: '[Verse]\n海风吹\n星光亮', duration: 120.5 + k } });
        return json(200, { code: 'success', data: { task_id: id, status: 'SUCCESS', data: [clip(1), clip(2)] } });
      }
      if (url.pathname === '/separate') {
        if (!raw.includes(Buffer.from('name="audio"'))) return json(400, { error: 'no audio' });
        const four = raw.includes(Buffer.from('\r\n\r\n4\r\n'));
        const names = four ? ['vocals', 'drums', 'bass', 'other'] : ['vocals', 'accompaniment'];
        return json(200, { stems: names.map((name) => ({ name, format: 'wav', data: bytesOf(name).toString('base64') })) });
      }
      if (url.pathname === '/v2/lookup') {
        const b = body as Record<string, string>;
        if (b.client !== 'acoustid-key') return json(400, { status: 'error', error: { code: 4, message: 'invalid API key' } });
        return json(200, { status: 'ok', results: [{ id: 'x', score: 0.93, recordings: [{ title: '茉莉花', artists: [{ name: '民歌合唱团' }], releasegroups: [{ title: '中国民歌' }] }] }] });
      }
      json(404, { error: 'not found' });
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, { base, close: () => new Promise<void>((r) => server.close(() => r())) });
}
