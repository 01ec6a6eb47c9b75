import { fetchProtectedFile } from '../../api/tools';
import { RequestError } from '../../api/request';
import { newCanvas } from './canvas-ops';
import { fitWithin, MAX_EDIT_SIDE } from './geometry';
import { T } from './texts';

/** Where pictures come from: a local file (never uploaded) or one of the user's stored files (?file=<id>). */

export const PICK_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/bmp';
const PICK_TYPES = new Set(PICK_ACCEPT.split(','));
const PICK_EXTENSIONS = /\.(png|jpe?g|webp|gif|bmp)$/i;
/** Local files only: larger ones would not fit a phone's memory once decoded. */
export const MAX_PICK_BYTES = 30 * 1024 * 1024;

/** A Chinese reason a picked file cannot be edited, or null. Some systems give no type: the name decides then. */
export function pickProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const typed = file.type ? PICK_TYPES.has(file.type) : PICK_EXTENSIONS.test(file.name);
  if (!typed) return T.notImage;
  if (file.size > MAX_PICK_BYTES) return T.tooBig;
  return null;
}

/** Stored files' ids: 32 hex characters (docs/api.md "Files"). */
export function validFileId(id: string): boolean {
  return /^[0-9a-f]{32}$/.test(id);
}

export class SourceError extends Error {}

/** The picture's name without its extension, for the downloaded file's name. */
export function baseName(name: string): string {
  const cut = name.replace(/\.[a-z0-9]{1,5}$/i, '').trim();
  return cut || '图片';
}

/**
 * Decodes a picture into a canvas no longer than MAX_EDIT_SIDE, upright as the camera meant it
 * (EXIF orientation). Throws SourceError with a Chinese message when it is not a picture.
 */
export async function decodeToCanvas(blob: Blob): Promise<HTMLCanvasElement> {
  let image: ImageBitmap | HTMLImageElement;
  try {
    image = typeof createImageBitmap === 'function' ? await createImageBitmap(blob, { imageOrientation: 'from-image' }) : await imageElement(blob);
  } catch {
    throw new SourceError(T.undecodable);
  }
  const natural = 'naturalWidth' in image ? { width: image.naturalWidth, height: image.naturalHeight } : { width: image.width, height: image.height };
  if (!natural.width || !natural.height) throw new SourceError(T.undecodable);
  const size = fitWithin(natural, MAX_EDIT_SIDE);
  const canvas = newCanvas(size);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new SourceError(T.undecodable);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, size.width, size.height);
  if ('close' in image) image.close();
  return canvas;
}

function imageElement(blob: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(blob);
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('decode failed'));
    img.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

/**
 * One of the signed-in user's stored files, through the owner-only files route: another user's
 * file answers 404 like a missing one, and its Chinese message is shown as it is.
 */
export async function loadStoredFile(id: string, signal: AbortSignal): Promise<{ blob: Blob; name: string }> {
  if (!validFileId(id)) throw new SourceError(T.badFileId);
  try {
    const { blob, name } = await fetchProtectedFile(`/v1/files/${id}`, '图片', signal);
    if (blob.type && !blob.type.startsWith('image/')) throw new SourceError(T.fileNotImage);
    return { blob, name };
  } catch (err) {
    if (err instanceof SourceError || signal.aborted) throw err;
    if (err instanceof RequestError && err.code === 401) throw new SourceError(T.fileNeedsLogin);
    throw new SourceError(err instanceof RequestError && err.msg ? err.msg : T.fileLoadFailed);
  }
}
