import sharp from 'sharp';
import { MSG } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { ImageInput } from '../../infra/images/types';
import { TaskFailure } from '../../jobs';
import { readFileBytes } from '../../modules/files/service';

/**
 * The pictures an image task reads: the owner's own upload, decoded with sharp (never trusted by
 * its name or declared type), oriented, and capped in size before any vendor sees it. Anything
 * unreadable or of another format fails the task with a Chinese message (and refunds).
 */

/** Most pixels decoded (a decompression bomb is refused, as for chat images). */
const MAX_INPUT_PIXELS = 100_000_000;
/** Longest side a picture is sent at (vendors' limits); an upscale's input is capped lower so its result stays within RESULT_MAX_SIDE. */
export const INPUT_MAX_SIDE = 2048;
/** Longest side of any result. */
export const RESULT_MAX_SIDE = 4096;

const FORMATS = new Set(['jpeg', 'png', 'webp']);

type FilesContext = Pick<AppContext, 'database' | 'storage'>;

/** Decode, orient and cap one picture's bytes (PNG out, alpha kept). */
export async function decodePicture(data: Buffer, label: string, maxSide = INPUT_MAX_SIDE): Promise<ImageInput> {
  let format: string | undefined;
  try {
    format = (await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch (err) {
    throw new TaskFailure(/pixel limit/i.test(String(err)) ? MSG.imgTooManyPixels(label) : MSG.imgUnreadable(label));
  }
  if (!format || !FORMATS.has(format)) throw new TaskFailure(MSG.imgWrongType(label));
  try {
    const { data: bytes, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { bytes, mime: 'image/png', width: info.width, height: info.height };
  } catch {
    throw new TaskFailure(MSG.imgUnreadable(label));
  }
}

/** The user's uploaded picture of a field (only their own file is found). */
export async function readPicture(ctx: FilesContext, userId: number, fileId: string, label: string, maxSide = INPUT_MAX_SIDE): Promise<ImageInput> {
  const { data } = await readFileBytes(ctx, userId, fileId).catch(() => {
    throw new TaskFailure(MSG.taskFileMissing(label));
  });
  return decodePicture(data, label, maxSide);
}

/**
 * The painted mask of a picture: scaled to the picture's exact size, white where it is repainted
 * and black where it is kept (any painted pixel, of any colour or opacity, counts as white). A
 * mask with nothing painted fails: there would be nothing to do.
 */
export async function readMask(ctx: FilesContext, userId: number, fileId: string, label: string, of: ImageInput): Promise<ImageInput> {
  const decoded = await readPicture(ctx, userId, fileId, label, RESULT_MAX_SIDE);
  // Painted strokes are white on black, or coloured on transparent: either way "not black and opaque-black" means painted.
  const flat = await sharp(decoded.bytes).flatten({ background: '#000000' }).grayscale().resize(of.width, of.height, { fit: 'fill' }).threshold(16).png().toBuffer();
  const { channels } = await sharp(flat).stats();
  if ((channels[0]?.max ?? 0) === 0) throw new TaskFailure(MSG.imgMaskEmpty);
  return { bytes: flat, mime: 'image/png', width: of.width, height: of.height };
}

/** Scale a decoded picture down (never up) so its sides are at most `maxSide`. */
export async function shrinkPicture(pic: ImageInput, maxSide: number): Promise<ImageInput> {
  if (pic.width <= maxSide && pic.height <= maxSide) return pic;
  const { data, info } = await sharp(pic.bytes).resize({ width: maxSide, height: maxSide, fit: 'inside' }).png().toBuffer({ resolveWithObject: true });
  return { bytes: data, mime: 'image/png', width: info.width, height: info.height };
}
