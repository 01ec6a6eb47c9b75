import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, fail, MSG } from '@wanxiang/contract';
import type { AppContext } from '../context';
import { setPageFallback } from './platform';

/** Vite puts content-hashed bundles under /assets: a new build gets new names, so cache them forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serve the built web app (ctx.config.webDist) with history-API fallback: a GET for a page path
 * (not /api, accepts HTML, no file extension) answers index.html. Without a build, page paths
 * answer a short Chinese page that says how to build it.
 */
export async function registerStaticWeb(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const root = ctx.config.webDist ? resolve(ctx.config.webDist) : '';
  if (!root || !existsSync(join(root, 'index.html'))) {
    setPageFallback(app, (req, reply) => (isPageRequest(req) ? notBuiltPage(reply) : notFound(reply)));
    return;
  }

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    index: 'index.html',
    redirect: false,
    dotfiles: 'ignore',
    cacheControl: false,
    // The web build writes .br and .gz beside each text file (web/vite-precompress.ts): picked by
    // Accept-Encoding with `Vary`, no compression work per request. Nothing else is compressed:
    // API answers are small and SSE streams must never pass through a buffering compressor.
    preCompressed: true,
    setHeaders: (reply, sentPath) => {
      // With preCompressed the path is the .br/.gz sibling: cache by the original file's name.
      const path = sentPath.replace(/\.(br|gz)$/, '');
      if (path.endsWith('.html')) reply.header('cache-control', 'no-cache');
      else if (path.startsWith(join(root, 'assets'))) reply.header('cache-control', IMMUTABLE);
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });

  setPageFallback(app, (req, reply) => (isPageRequest(req) ? reply.sendFile('index.html') : notFound(reply)));
}

/** A browser navigation to an app route: GET/HEAD, accepts HTML, last segment without an extension. */
function isPageRequest(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const accept = req.headers.accept;
  if (accept && !accept.includes('text/html') && !accept.includes('*/*')) return false;
  const path = req.url.split('?')[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.');
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send(fail(Code.NOT_FOUND, MSG.notFound));
}

function notBuiltPage(reply: FastifyReply) {
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${MSG.webNotBuiltTitle}</title></head><body style="font-family:sans-serif;max-width:40em;margin:4em auto;padding:0 1em;line-height:1.6"><h1 style="font-size:1.4em">${MSG.webNotBuiltTitle}</h1><p>${MSG.webNotBuilt}</p><pre style="background:#f4f4f5;padding:.8em">npm run build</pre></body></html>`;
  return reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
