import sharp from 'sharp';
import { ImageError, type ImageInput, type ImageResult } from './types';
import { readCappedBytes } from '../read-capped';
import { abortReason, vendorFetch, type VendorHttp } from './vendor-http';

/**
 * Vendor pictures in and out. Results are downloaded the moment the vendor names them (its URLs
 * expire within hours, some are single-use) with a size cap, then decoded with sharp so the task
 * stores real width/height and never a picture it could not read. Inputs go to vendors as data
 * URLs (no public URL of ours is ever handed out).
 */

/** Largest result we accept from a vendor (a 4096² PNG stays well below it). */
export const MAX_RESULT_BYTES = 40 * 1024 * 1024;
/** Longest a result download may take (the vendor's file server, not its model). */
const DOWNLOAD_TIMEOUT_MS = 60_000;

/** Bytes as one of the three picture types we keep (others, e.g. a vendor GIF or BMP, become PNG). */
export async function decodeImage(bytes: Buffer): Promise<ImageResult> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch (err) {
    throw new ImageError('bad_answer', '图片服务返回的图片无法读取', (err as Error).message);
  }
  if (!meta.width || !meta.height) throw new ImageError('bad_answer', '图片服务返回的图片无法读取', `format ${meta.format}`);
  const kept = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' } as const;
  const mime = kept[meta.format as keyof typeof kept];
  if (mime) return { bytes, mime, width: meta.width, height: meta.height };
  const png = await sharp(bytes).png().toBuffer();
  return { bytes: png, mime: 'image/png', width: meta.width, height: meta.height };
}

/** A base64 picture from a JSON answer (`b64_json`). */
export async function decodeBase64Image(b64: string): Promise<ImageResult> {
  return decodeImage(Buffer.from(b64.replace(/^data:[^,]*,/, ''), 'base64'));
}

/** Download a vendor's result URL now, at most MAX_RESULT_BYTES, and decode it. */
export async function downloadImage(http: VendorHttp, url: string, signal: AbortSignal): Promise<ImageResult> {
  if (!/^https?:\/\//i.test(url)) throw new ImageError('bad_answer', '图片服务返回的结果地址无效', url.slice(0, 200));
  const res = await vendorFetch(http, url, { method: 'GET' }, signal, Math.min(http.timeoutMs, DOWNLOAD_TIMEOUT_MS));
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new ImageError('bad_answer', '图片服务的结果下载失败（结果可能已过期）', `HTTP ${res.status} ${url.slice(0, 200)}`);
  }
  let bytes: Buffer | null;
  try {
    bytes = await readCappedBytes(res, MAX_RESULT_BYTES);
  } catch (err) {
    if (signal.aborted) throw abortReason(signal);
    throw new ImageError('network', '图片下载中断，请稍后再试', (err as Error).message);
  }
  if (!bytes) throw new ImageError('bad_answer', '图片服务返回的图片过大', `> ${MAX_RESULT_BYTES} bytes`);
  return decodeImage(bytes);
}

/** A picture as a data URL (`data:image/png;base64,...`), the form every vendor here takes inline. */
export function toDataUrl(img: { bytes: Buffer; mime: string }): string {
  return `data:${img.mime.toLowerCase()};base64,${img.bytes.toString('base64')}`;
}

/** The picture as PNG or JPEG (vendors that refuse WebP input). */
export async function asPngOrJpeg(img: ImageInput): Promise<ImageInput> {
  if (img.mime === 'image/png' || img.mime === 'image/jpeg') return img;
  return { ...img, bytes: await sharp(img.bytes).png().toBuffer(), mime: 'image/png' };
}

/**
 * Our mask (white = repaint, black = keep) as a black-and-white PNG of exactly the picture's size
 * (vendors want the mask at the source's resolution).
 */
export async function maskAsPng(mask: ImageInput, width: number, height: number): Promise<Buffer> {
  return sharp(mask.bytes).resize(width, height, { fit: 'fill' }).removeAlpha().grayscale().threshold(128).png().toBuffer();
}

/**
 * Our mask as the OpenAI edits mask: a PNG with an alpha channel, fully transparent where the
 * picture is repainted (our white) and opaque where it is kept (our black).
 */
export async function maskAsAlphaPng(mask: ImageInput, width: number, height: number): Promise<Buffer> {
  const grey = await sharp(mask.bytes).resize(width, height, { fit: 'fill' }).removeAlpha().grayscale().extractChannel(0).raw().toBuffer();
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba[i * 4 + 3] = grey[i]! >= 128 ? 0 : 255;
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}
