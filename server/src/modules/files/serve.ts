import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import sharp from 'sharp';
import { MSG } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import type { ByteRange } from '../../infra/storage';
import { FILE_IMAGE_MAX_PIXELS, openFile, ownFile, readFileBytes, type FilesContext } from './service';
import { setThumbKey } from './store';

/**
 * What GET /api/v1/files/{id} and /thumb answer, decided here so the routes only write it out: the
 * bytes (whole or a range) with their headers, or a redirect to a short-lived signed URL of the bucket.
 */

/** Lifetime of a signed download URL: long enough to start a download, too short to share. */
export const SIGNED_URL_TTL_SECONDS = 300;
/** Longest side of a thumbnail in pixels. */
export const THUMB_SIZE = 320;

export type ServeContext = FilesContext & Pick<AppContext, 'config'>;

export type FileAnswer =
  | { kind: 'redirect'; location: string }
  | { kind: 'bytes'; status: 200 | 206; headers: Record<string, string>; body: Readable }
  | { kind: 'unsatisfiable'; headers: Record<string, string> };

// Stored bytes are shown as data, never run as a page of our origin, whatever their type.
const SAFE_HEADERS = { 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox" };

export async function serveFile(
  ctx: ServeContext,
  userId: number,
  id: string,
  opts: { download: boolean; rangeHeader?: string },
): Promise<FileAnswer> {
  const disposition = (name: string) => contentDisposition(name, { type: opts.download ? 'attachment' : 'inline' });
  if (ctx.config.files.signedUrls && ctx.storage.signedUrl) {
    const file = await ownFile(ctx, userId, id);
    const location = await ctx.storage.signedUrl(file.key, SIGNED_URL_TTL_SECONDS, {
      contentDisposition: disposition(file.name),
      contentType: file.contentType,
    });
    return { kind: 'redirect', location };
  }
  const file = await ownFile(ctx, userId, id);
  const range = parseRange(opts.rangeHeader, file.bytes);
  if (range === 'unsatisfiable') return { kind: 'unsatisfiable', headers: { 'content-range': `bytes */${file.bytes}` } };
  const { object } = await openFile(ctx, userId, id, range ?? undefined);
  const headers: Record<string, string> = {
    ...SAFE_HEADERS,
    'content-type': file.contentType,
    'content-disposition': disposition(file.name),
    'accept-ranges': 'bytes',
    // A file id never changes its bytes; only the owner's browser may keep a copy.
    'cache-control': 'private, max-age=86400',
  };
  if (object.range) {
    headers['content-range'] = `bytes ${object.range.start}-${object.range.end}/${object.bytes}`;
    headers['content-length'] = String(object.range.end - object.range.start + 1);
    return { kind: 'bytes', status: 206, headers, body: object.body };
  }
  headers['content-length'] = String(object.bytes);
  return { kind: 'bytes', status: 200, headers, body: object.body };
}

/**
 * One `bytes=a-b`, `bytes=a-` or `bytes=-n` range within `size`; null (serve it whole) for no header,
 * several ranges or anything malformed, as RFC 9110 allows; 'unsatisfiable' when it starts past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (size === 0) return 'unsatisfiable';
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/**
 * A small WebP of an image file: made with sharp on the first request, stored, and served from the
 * store afterwards. A file that is not an image has none (404).
 */
export async function serveThumb(ctx: ServeContext, userId: number, id: string): Promise<{ headers: Record<string, string>; body: Readable }> {
  const file = await ownFile(ctx, userId, id);
  if (!file.contentType.startsWith('image/')) throw notFound(MSG.filesNoThumb);
  const headers = { ...SAFE_HEADERS, 'content-type': 'image/webp', 'cache-control': 'private, max-age=86400' };
  if (file.thumbKey) {
    const stored = await ctx.storage.get(file.thumbKey);
    if (stored) return { headers: { ...headers, 'content-length': String(stored.bytes) }, body: stored.body };
  }
  const { data } = await readFileBytes(ctx, userId, id);
  let webp: Buffer;
  try {
    webp = await sharp(data, { limitInputPixels: FILE_IMAGE_MAX_PIXELS })
      .rotate()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
  } catch {
    throw notFound(MSG.filesNoThumb);
  }
  const thumbKey = `thumbs/${file.key.split('/').slice(1, 2).join('')}/${file.id}.webp`;
  await ctx.storage.put(thumbKey, webp, { contentType: 'image/webp' });
  await setThumbKey(ctx.database.db, userId, id, thumbKey);
  return { headers: { ...headers, 'content-length': String(webp.length) }, body: Readable.from([webp]) };
}
