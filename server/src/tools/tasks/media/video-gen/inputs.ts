import { MSG } from '@wanxiang/contract';
import type { AppContext } from '../../../../context';
import { TaskFailure } from '../../../../jobs';
import { readFileBytes } from '../../../../modules/files/service';
import type { VideoPicture } from '../../../../infra/video';

/** A picture's type read from its bytes (PNG, JPEG or WebP), or null. */
export function pictureMime(b: Buffer): string | null {
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

/** The caller's own uploaded picture (another user's id is not found), typed by its bytes. */
export async function readPicture(
  ctx: Pick<AppContext, 'database' | 'storage'>,
  userId: number,
  fileId: unknown,
  label: string,
): Promise<VideoPicture> {
  const { data } = await readFileBytes(ctx, userId, String(fileId ?? '')).catch(() => {
    throw new TaskFailure(MSG.taskFileMissing(label));
  });
  const mime = pictureMime(data);
  if (!mime) throw new TaskFailure(MSG.vgBadImage);
  return { bytes: data, mime };
}

export const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
export const ratioOf = (v: unknown): '16:9' | '9:16' | '1:1' => (v === '9:16' || v === '1:1' ? v : '16:9');
export const durationOf = (v: unknown): 5 | 10 => (String(v) === '10' ? 10 : 5);
