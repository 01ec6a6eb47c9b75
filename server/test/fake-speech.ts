import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the speech vendors' protocols (OpenAI /audio/speech, MiniMax t2a_v2 + voice
 * clone, DashScope multimodal generation with a single-use audio URL). Key 'bad' is refused,
 * a text with FAIL is a vendor failure, a text with SLOW answers after 2 s (timeouts).
 */

export interface FakeSpeech {
  url: string;
  requests: { path: string; auth: string; body: unknown; raw: Buffer }[];
  deleted: string[];
  close(): Promise<void>;
}

/** A fake MP3 body (an ID3 header + padding): the adapters only pass bytes through. */
export const FAKE_MP3 = Buffer.concat([Buffer.from('ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1'), Buffer.alloc(400, 0x55)]);
export const FAKE_WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(400, 1)]);

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });

/** `audio`: what t2a_v2 and /audio/speech answer (default FAKE_MP3; API tests pass real MP3 bytes). */
export async function startFakeSpeech(opts: { audio?: Buffer } = {}): Promise<FakeSpeech> {
  const audio = opts.audio ?? FAKE_MP3;
  const requests: FakeSpeech['requests'] = [];
  const deleted: string[] = [];
  const handedOut = new Set<string>();
  const server = createServer((req, res) => {
    void (async () => {
      const raw = await read(req);
      const path = (req.url ?? '').split('?')[0]!;
      let body: unknown = null;
      if ((req.headers['content-type'] ?? '').includes('json')) body = JSON.parse(raw.toString('utf8') || 'null');
      const auth = String(req.headers.authorization ?? '');
      requests.push({ path, auth, body, raw });
      const b = (body ?? {}) as Record<string, unknown>;
      const text = String(b.input && typeof b.input === 'object' ? (b.input as { text?: unknown }).text : (b.input ?? b.text ?? ''));
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (path.startsWith('/files/')) {
        if (!handedOut.delete(path)) return json(403, { error: 'expired' });
        res.writeHead(200, { 'content-type': 'audio/wav' });
        return res.end(FAKE_WAV);
      }
      if (text.includes('SLOW')) await new Promise((r) => setTimeout(r, 2000));
      // MiniMax answers HTTP 200 with base_resp codes.
      if (path.startsWith('/mm/')) {
        if (auth === 'Bearer bad') return json(200, { base_resp: { status_code: 1004, status_msg: 'authorized error' } });
        if (text.includes('FAIL')) return json(200, { base_resp: { status_code: 1000, status_msg: 'unknown error' } });
        if (path === '/mm/v1/t2a_v2') return json(200, { data: { audio: audio.toString('hex'), status: 2 }, base_resp: { status_code: 0, status_msg: 'success' } });
        if (path === '/mm/v1/files/upload') return json(200, { file: { file_id: 424242, purpose: 'voice_clone' }, base_resp: { status_code: 0 } });
        if (path === '/mm/v1/voice_clone') return json(200, { base_resp: { status_code: 0, status_msg: 'success' } });
        if (path === '/mm/v1/delete_voice') {
          deleted.push(String(b.voice_id));
          return json(200, { voice_id: b.voice_id, base_resp: { status_code: 0 } });
        }
        return json(404, {});
      }
      if (auth === 'Bearer bad') return json(401, { error: { message: 'Incorrect API key', code: 'invalid_api_key' } });
      if (text.includes('FAIL')) return json(500, { error: { message: 'model overloaded' } });
      if (path === '/v1/audio/speech') {
        res.writeHead(200, { 'content-type': b.response_format === 'wav' ? 'audio/wav' : 'audio/mpeg' });
        return res.end(b.response_format === 'wav' ? FAKE_WAV : audio);
      }
      if (path === '/api/v1/services/aigc/multimodal-generation/generation') {
        const file = `/files/${requests.length}.wav`;
        handedOut.add(file);
        const { port } = server.address() as AddressInfo;
        return json(200, { output: { audio: { url: `http://127.0.0.1:${port}${file}`, expires_at: 0 } }, request_id: 'r1' });
      }
      json(404, {});
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    deleted,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
