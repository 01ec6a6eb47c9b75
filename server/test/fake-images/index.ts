import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { dashScopeRoutes, type FakeDashScope } from './dashscope';
import { openAiImagesRoutes, type OpenAiFlavour } from './openai-images';
import { siliconFlowRoutes } from './siliconflow';
import type { FakeFiles, FakeReply, FakeRoutes, Recorded } from './shared';

export { bearer, marker, type FakeFiles, type FakeReply, type FakeRequest, type FakeRoutes, type Recorded } from './shared';

/**
 * Local fakes of the image vendors' HTTP protocols, for the adapter tests (server/src/infra/images).
 * One server on 127.0.0.1 answers every protocol under its own base URL:
 *   /openai/v1, /ark/api/v3, /zhipu/api/paas/v4  the OpenAI images protocol, per vendor flavour
 *   /siliconflow/v1                               SiliconFlow images
 *   /api/v1/...  (its origin)                     DashScope async tasks (the chat base is /compatible-mode/v1)
 *   /files/<id>.png                               result pictures: served once, 403 afterwards (an expired vendor URL)
 * The key `bad-key` is refused with 401. Markers in the prompt pick a behaviour: [fake:content]
 * (safety refusal), [fake:500], [fake:garbage] (not JSON), and for DashScope [fake:pending=N],
 * [fake:unknown], [fake:forever], [fake:fail], [fake:flaky], [fake:submit-content].
 */

export interface FakeImages {
  /** Base URLs as the adapters take them (chat's base for DashScope). */
  urls: Record<OpenAiFlavour | 'siliconflow' | 'dashscope', string>;
  requests: Recorded[];
  files: FakeFiles;
  dashscope: FakeDashScope;
  close(): Promise<void>;
}

export async function startFakeImages(): Promise<FakeImages> {
  const requests: Recorded[] = [];
  const stored = new Map<string, { bytes: Buffer; fetched: number }>();
  let origin = '';
  const files: FakeFiles = {
    async picture(width, height) {
      const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
        .png()
        .toBuffer();
      const id = `${randomUUID()}.png`;
      stored.set(id, { bytes, fetched: 0 });
      const url = `${origin}/files/${id}`;
      files.handedOut.push(url);
      return { url, b64: bytes.toString('base64') };
    },
    fetches: (url) => stored.get(url.split('/files/')[1] ?? '')?.fetched ?? 0,
    handedOut: [],
  };
  const dashscope = dashScopeRoutes(files, requests);
  const routes: [string, FakeRoutes][] = [
    ['/openai/v1', openAiImagesRoutes('openai', files, requests)],
    ['/ark/api/v3', openAiImagesRoutes('ark', files, requests)],
    ['/zhipu/api/paas/v4', openAiImagesRoutes('zhipu', files, requests)],
    ['/siliconflow/v1', siliconFlowRoutes(files, requests)],
    ['', dashscope.routes],
  ];

  const serveFile = (url: string, res: ServerResponse) => {
    const file = stored.get(url.slice('/files/'.length));
    if (!file) return send(res, { status: 404, text: 'no such file' });
    file.fetched++;
    // Like an expired signed OSS/TOS URL: the picture is there only for the first download.
    if (file.fetched > 1)
      return send(res, { status: 403, text: '<Error><Code>AccessDenied</Code><Message>Request has expired.</Message></Error>' });
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': file.bytes.length });
    res.end(file.bytes);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      if (url.startsWith('/files/')) return serveFile(url, res);
      const hit = routes.find(([prefix]) => prefix === '' || url.startsWith(`${prefix}/`));
      if (!hit) return send(res, { status: 404, text: 'no fake for this path' });
      const [prefix, handle] = hit;
      handle({ method: req.method ?? 'GET', path: url.slice(prefix.length), headers: req.headers, body: Buffer.concat(chunks) })
        .then((reply) => send(res, reply))
        .catch((err: Error) => send(res, { status: 500, text: `fake failed: ${err.message}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    urls: {
      openai: `${origin}/openai/v1`,
      ark: `${origin}/ark/api/v3`,
      zhipu: `${origin}/zhipu/api/paas/v4`,
      siliconflow: `${origin}/siliconflow/v1`,
      dashscope: `${origin}/compatible-mode/v1`,
    },
    requests,
    files,
    dashscope: dashscope.state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, reply: FakeReply): void {
  if (res.headersSent) return;
  if (reply.json !== undefined) {
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.json));
  } else {
    res.writeHead(reply.status, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(reply.text ?? '');
  }
}

/** An ImageRunContext for adapter tests that records progress and kept vendor state. */
export function fakeRunContext(opts: { signal?: AbortSignal; resumeState?: Record<string, unknown>; onKeep?: () => void } = {}) {
  const progress: [number, string | undefined][] = [];
  const kept: Record<string, unknown>[] = [];
  const ctx = {
    signal: opts.signal ?? new AbortController().signal,
    progress: async (pct: number, stage?: string) => {
      progress.push([pct, stage]);
    },
    keepVendorState: async (state: Record<string, unknown>) => {
      kept.push(state);
      opts.onKeep?.();
    },
    resumeState: opts.resumeState,
  };
  return { ctx, progress, kept };
}

/** A test picture (PNG) as an ImageInput. */
export async function testPicture(width: number, height: number) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 180, b: 90 } } })
    .png()
    .toBuffer();
  return { bytes, mime: 'image/png', width, height };
}

/** Our mask: white (repaint) on the left half, black (keep) on the right. */
export async function halfMask(width: number, height: number) {
  const left = Math.floor(width / 2);
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite([{ input: { create: { width: left, height, channels: 3, background: '#fff' } }, left: 0, top: 0 }])
    .png()
    .toBuffer();
  return { bytes, mime: 'image/png', width, height };
}
