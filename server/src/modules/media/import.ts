import {
  fileExtension,
  firstWebLink,
  IMPORT_ACCEPT,
  IMPORT_MAX_BYTES,
  MSG,
  reduceToChinese,
  type MediaImportRes,
  type MediaLinkReq,
} from '@wanxiang/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { rateLimited, refused } from '../../http/errors';
import { decodeUriLenient } from '../../http/decode-uri';
import { SafeFetchError } from '../../infra/safe-fetch';
import { SttError } from '../../infra/stt';
import { cleanName, saveTextUpload, type IncomingFile, type UploadOwner } from '../uploads/service';
import { decodeHtml } from './decode';
import { ExtractError, sharedPageExtractor } from './extractor';
import { readPageText } from './service';

/**
 * The import dialog (docs/product/uploads.md §2, §5): audio and video become text through the speech-to-text
 * adapter, web pages through the SSRF-safe fetch and the readable-text extractor. The text is
 * saved as an upload of the caller, so the next question carries it by id like an attachment.
 */

export type ImportContext = Pick<AppContext, 'database' | 'config' | 'safeFetch' | 'stt'>;

const MEDIA_MIME: Record<string, string> = {
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  opus: 'audio/opus',
};

/** Time for the whole download of a linked audio or video file. */
export const MEDIA_LINK_TIMEOUT_MS = 60_000;

/** POST /api/v1/media/audioFile2txt: an uploaded audio (voice) or video file to text. */
export async function transcribeFile(
  ctx: ImportContext,
  log: FastifyBaseLogger,
  owner: UploadOwner,
  type: 'voice' | 'video',
  file: IncomingFile,
): Promise<MediaImportRes> {
  const name = cleanName(file.filename);
  const ext = fileExtension(name);
  if (!IMPORT_ACCEPT[type].includes(ext)) throw refused(MSG.fileTypeOnly(IMPORT_ACCEPT[type].join(',')));
  if (file.data.length === 0) throw refused(MSG.audioNoContent);
  return transcribeAndSave(ctx, log, owner, type, { name, ext, data: file.data });
}

/** POST /api/v1/media/mediaLink2txt: an audio or video file behind a public link to text. */
export async function transcribeLink(
  ctx: ImportContext,
  log: FastifyBaseLogger,
  owner: UploadOwner,
  req: MediaLinkReq,
): Promise<MediaImportRes> {
  const url = req.type === 'video' ? firstWebLink(req.file_url) : req.file_url;
  if (!url) throw refused(MSG.linkInvalid);
  let res;
  try {
    res = await ctx.safeFetch(url, {
      maxBytes: IMPORT_MAX_BYTES,
      timeoutMs: MEDIA_LINK_TIMEOUT_MS,
      headers: { accept: 'audio/*,video/*;q=0.9,*/*;q=0.1' },
    });
  } catch (err) {
    if (err instanceof SafeFetchError) throw refused(err.message);
    throw err;
  }
  if (res.body.length === 0) throw refused(MSG.audioNoContent);
  const type = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  // An HTML answer is a web page, not a media file (a share page needing a resolver, or an error page).
  if (type === 'text/html' || type === 'application/xhtml+xml') throw refused(MSG.audioNoContent);
  const path = decodeUriLenient(new URL(res.url).pathname);
  const fromName = fileExtension(path.split('/').pop() ?? '');
  const ext = MEDIA_MIME[fromName]
    ? fromName
    : (Object.entries(MEDIA_MIME).find(([, mime]) => mime === type)?.[0] ?? (req.type === 'video' ? 'mp4' : 'mp3'));
  const name = cleanName(path.split('/').pop() || `${req.type === 'video' ? '视频' : '音频'}.${ext}`);
  return transcribeAndSave(ctx, log, owner, req.type, { name, ext, data: res.body });
}

async function transcribeAndSave(
  ctx: ImportContext,
  log: FastifyBaseLogger,
  owner: UploadOwner,
  type: 'voice' | 'video',
  media: { name: string; ext: string; data: Buffer },
): Promise<MediaImportRes> {
  let text: string;
  try {
    text = await ctx.stt.transcribe({
      data: media.data,
      filename: media.name.endsWith(`.${media.ext}`) ? media.name : `${media.name}.${media.ext}`,
      mime: MEDIA_MIME[media.ext] ?? 'application/octet-stream',
    });
  } catch (err) {
    if (!(err instanceof SttError)) throw err;
    if (err.reason === 'not_configured') throw refused(MSG.sttNotConfigured);
    log.warn({ reason: err.reason, status: err.status, detail: err.message }, 'speech-to-text failed');
    if (err.reason === 'rejected') throw refused(MSG.audioNoContent);
    if (err.reason === 'rate_limited') throw rateLimited(MSG.sttFailed);
    throw refused(MSG.generateFailed);
  }
  if (!text.trim()) throw refused(MSG.audioNoContent);
  const kind = type === 'video' ? 'video' : 'audio';
  const saved = await saveTextUpload(ctx, owner, {
    kind,
    name: media.name,
    mime: MEDIA_MIME[media.ext] ?? '',
    size: media.data.length,
    text,
  });
  return { fileId: saved.fileId, name: saved.name, kind, size: saved.size, chars: saved.chars, text };
}

/** Web import by link: the page's readable text, reduced to Chinese (docs/product/uploads.md §5). */
export async function importWebLink(ctx: ImportContext, owner: UploadOwner, url: string): Promise<MediaImportRes> {
  const page = await readPageText(ctx, url);
  return saveWebText(ctx, owner, page.title || page.url, Buffer.byteLength(page.text), `${page.title}\n${page.text}`);
}

/** Web import by file: a saved .html page, read like a fetched one. */
export async function importHtmlFile(ctx: ImportContext, owner: UploadOwner, file: IncomingFile): Promise<MediaImportRes> {
  const name = cleanName(file.filename);
  const ext = fileExtension(name);
  if (ext !== 'html' && ext !== 'htm') throw refused(MSG.fileTypeOnly(IMPORT_ACCEPT.web.join(',')));
  let page;
  try {
    page = await sharedPageExtractor().extract(decodeHtml(file.data, 'text/html'), 'http://localhost/');
  } catch (err) {
    if (err instanceof ExtractError && err.reason === 'busy') throw rateLimited();
    throw refused(MSG.generateFailed);
  }
  return saveWebText(ctx, owner, name, file.data.length, `${page.title}\n${page.text}`);
}

async function saveWebText(ctx: ImportContext, owner: UploadOwner, name: string, size: number, raw: string): Promise<MediaImportRes> {
  const text = reduceToChinese(raw).slice(0, 100_000);
  if (!text) throw refused(MSG.pageNoContent);
  const saved = await saveTextUpload(ctx, owner, { kind: 'web', name: name.slice(0, 255), mime: 'text/html', size, text });
  return { fileId: saved.fileId, name: saved.name, kind: 'web', size: saved.size, chars: saved.chars, text };
}
