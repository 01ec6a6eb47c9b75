import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG, ScholarDocSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { refused } from '../../http/errors';
import { parse } from '../../http/validate';
import { docTypeOf, documentMediaType } from './documents';

/** Largest document passed through (the page shows progress; bigger files open at their address). */
export const DOWNLOAD_MAX_BYTES = 50 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 60_000;

const EXT: Record<string, string> = { pdf: 'pdf', word: 'docx', excel: 'xlsx', ppt: 'pptx', txt: 'txt', rtf: 'rtf' };

/** A file name for the attachment: the URL's last path segment, or "document.<ext>". */
export function fileNameOf(url: string, docType: string): string {
  let last: string;
  try {
    last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    last = '';
  }
  // Path separators, characters Windows refuses, and control characters (below U+0020).
  const safe = [...last]
    .map((ch) => (/[\\/:*?"<>|]/.test(ch) || ch.charCodeAt(0) < 0x20 ? '_' : ch))
    .join('')
    .slice(0, 120);
  const ext = EXT[docType] ?? 'bin';
  if (!safe) return `document.${ext}`;
  return /\.[a-z0-9]{2,5}$/i.test(safe) ? safe : `${safe}.${ext}`;
}

/**
 * GET /api/v1/search/scholar/download?url= (下载): the document fetched through the SSRF-safe
 * streaming fetch (every redirect re-checked) and streamed back as an attachment with its own
 * content type and length, so the page can show progress. Only the accepted document types pass;
 * anything else, or a host that fails, answers 下载失败 as an envelope before any byte is sent.
 */
export async function streamDownload(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  requireUser(req);
  const { url } = parse(ScholarDocSchema, req.query);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), DOWNLOAD_TIMEOUT_MS);
  reply.raw.on('close', () => {
    clearTimeout(timer);
    abort.abort();
  });
  let res: Response;
  try {
    res = await ctx.safeStreamFetch(url, { method: 'GET', signal: abort.signal });
  } catch {
    clearTimeout(timer);
    throw refused(MSG.scholarDownloadFailed);
  }
  const contentType = documentMediaType(
    { contentType: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? undefined },
    res.url || url,
  );
  const docType = docTypeOf(contentType);
  const length = Number(res.headers.get('content-length') ?? NaN);
  if ((res.status !== 200 && res.status !== 206) || !docType || !res.body || length > DOWNLOAD_MAX_BYTES) {
    await res.body?.cancel().catch(() => {});
    clearTimeout(timer);
    throw refused(docType || !res.ok ? MSG.scholarDownloadFailed : MSG.scholarNotDocument);
  }
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > DOWNLOAD_MAX_BYTES) done(new Error('document too large'));
      else done(null, chunk);
    },
  });
  const name = fileNameOf(url, docType);
  reply.header('content-type', contentType);
  reply.header(
    'content-disposition',
    `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  );
  if (Number.isFinite(length)) reply.header('content-length', String(length));
  reply.header('cache-control', 'no-store');
  const body = Readable.fromWeb(res.body as WebReadableStream).pipe(cap);
  body.on('close', () => clearTimeout(timer));
  return reply.send(body);
}
