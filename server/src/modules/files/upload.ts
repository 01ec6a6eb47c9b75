import sharp from 'sharp';
import { Code, FILE_UPLOAD_EXTENSIONS, FILE_UPLOAD_FAMILIES, fileExtension, MSG, uploadFamilyOf, type StoredFile } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { mediaKind, probeBytes } from '../../infra/av';
import { AppError, badRequest } from '../../http/errors';
import { expiryFor } from '../uploads/retention';
import { cleanFileName, FILE_IMAGE_MAX_PIXELS, saveFile } from './service';

/**
 * POST /api/v1/files/upload: one file of the allow-list (contract FILE_UPLOAD_FAMILIES), checked by
 * what it is rather than what it is called: an image must decode with sharp (its stored type is the
 * format it really has), other files must start like their type. Uploads are inputs of tools: they
 * are kept as long as chat uploads are (UPLOAD_RETENTION_DAYS by membership level), then swept.
 */

export type FileUploadContext = Pick<AppContext, 'database' | 'storage' | 'config'>;

export interface IncomingUpload {
  filename: string;
  data: Buffer;
}

const MB = 1024 * 1024;

export async function uploadUserFile(ctx: FileUploadContext, owner: { id: number; vip: number }, file: IncomingUpload): Promise<StoredFile> {
  const name = cleanFileName(file.filename);
  const accepted = uploadFamilyOf(fileExtension(name));
  if (!accepted) throw badRequest(MSG.filesTypeOnly(FILE_UPLOAD_EXTENSIONS.join('、')));
  const family = FILE_UPLOAD_FAMILIES[accepted.family];
  if (file.data.length > family.maxBytes) throw new AppError(Code.PAYLOAD_TOO_LARGE, MSG.filesTooLarge(family.label, family.maxBytes / MB));
  if (file.data.length === 0) throw badRequest(MSG.filesEmpty);
  let contentType: string = accepted.contentType;
  if (accepted.family === 'image') {
    const real = await decodedImageType(file.data);
    if (!real) throw badRequest(MSG.filesImageUnreadable);
    contentType = real;
  } else if (accepted.family === 'audio' || accepted.family === 'video') {
    const real = await realMediaType(fileExtension(name), file.data, accepted.family);
    if (!real) throw badRequest(MSG.filesContentMismatch);
    contentType = real;
  } else if (!looksLike(fileExtension(name), file.data)) {
    throw badRequest(MSG.filesContentMismatch);
  }
  return saveFile(ctx, { userId: owner.id, name, contentType, body: file.data, purpose: 'upload', expiresAt: expiryFor(ctx, owner.vip) });
}

const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/**
 * The real type of an image that decodes whole, or null (corrupt, cut, another format, more pixels than
 * a phone camera makes: refused from the header before any decoding).
 */
export async function decodedImageType(data: Buffer): Promise<string | null> {
  const image = () => sharp(data, { limitInputPixels: FILE_IMAGE_MAX_PIXELS, failOn: 'truncated', sequentialRead: true });
  try {
    const { format } = await image().metadata();
    const type = format ? IMAGE_TYPES[format] : undefined;
    if (!type) return null;
    await image().resize(64, 64, { fit: 'inside' }).raw().toBuffer();
    return type;
  } catch {
    return null;
  }
}

/** Pictures in a WebM, MKV or MOV make it a video whatever it is called; a file ffprobe cannot read is refused. */
const VIDEO_TYPE_OF: Record<string, string> = { webm: 'video/webm', mp4: 'video/mp4', m4a: 'video/mp4', mov: 'video/quicktime', mkv: 'video/x-matroska' };

/**
 * The stored type of an audio or video upload, read by ffprobe from its bytes: null when it is not
 * media, or is audio where a video was named (an .mp4 of sound only is kept as audio/mp4).
 */
export async function realMediaType(ext: string, data: Buffer, family: 'audio' | 'video'): Promise<string | null> {
  const kind = mediaKind(await probeBytes(data, { timeoutMs: 20_000 }));
  if (!kind) return null;
  if (kind === 'video') return VIDEO_TYPE_OF[ext] ?? null;
  if (family === 'audio') return uploadFamilyOf(ext)?.contentType ?? null;
  return ext === 'mp4' || ext === 'mov' ? 'audio/mp4' : null;
}

const startsWith = (data: Buffer, text: string, at = 0) => data.subarray(at, at + text.length).toString('latin1') === text;

/** A file that starts the way its type does (or, for text, is UTF-8 without NUL bytes). */
export function looksLike(ext: string, data: Buffer): boolean {
  switch (ext) {
    case 'pdf':
      return startsWith(data, '%PDF-');
    case 'docx':
    case 'xlsx':
    case 'pptx':
      return startsWith(data, 'PK\u0003\u0004');
    case 'txt':
    case 'md':
    case 'csv':
      return isUtf8Text(data);
    case 'mp3':
      // An ID3 tag, or an MPEG audio frame sync.
      return startsWith(data, 'ID3') || (data.length > 1 && data[0] === 0xff && (data[1]! & 0xe0) === 0xe0);
    case 'wav':
      return startsWith(data, 'RIFF') && startsWith(data, 'WAVE', 8);
    case 'm4a':
    case 'mp4':
      return startsWith(data, 'ftyp', 4);
    default:
      return false;
  }
}

function isUtf8Text(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}
