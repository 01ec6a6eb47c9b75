import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { SQL } from 'drizzle-orm';
import sharp from 'sharp';
import { MSG, type StoredFile } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import type { ByteRange, StoredObject } from '../../infra/storage';
import { deleteExpiredFileRows, deleteFileRows, deleteOwnFileRow, insertFile, selectOwnFile, type FileRow } from './store';

/**
 * The file store's rules: a file belongs to one user, its row keeps the storage key (never a URL),
 * and it is read only by its owner (another user's id is not found). saveFile is what every feature
 * calls to keep bytes: uploads, chat images, slide files, task results. A handler holding a vendor's
 * short-lived URL passes the download stream straight in (G18: store at once, never keep the URL).
 */

export type FilesContext = Pick<AppContext, 'database' | 'storage'>;

/** Most pixels an image may declare before sharp refuses to decode it (as for chat images). */
export const FILE_IMAGE_MAX_PIXELS = 100_000_000;

export interface SaveFileInput {
  userId: number;
  /** Shown and used for downloads; cleaned of paths and control characters. */
  name: string;
  contentType: string;
  /** The bytes, or a stream of them (a vendor download): streamed into the store as they come. */
  body: Buffer | Readable;
  /** Why the file exists (upload, chat-image, result, slides...): the first segment of its key. */
  purpose: string;
  /** When the sweep deletes it (a Date, or an SQL expression on the database clock); unset = kept. */
  expiresAt?: Date | SQL | null;
}

const newFileId = () => randomBytes(16).toString('hex');
const month = () => new Date().toISOString().slice(0, 7);
export const fileUrl = (id: string) => `/api/v1/files/${id}`;
export const thumbUrl = (id: string) => `/api/v1/files/${id}/thumb`;

/** A file name as shown back: no path, no control characters, at most 255 characters. */
export function cleanFileName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(-255);
}

/** Keep bytes in the store and record them for their owner. */
export async function saveFile(ctx: FilesContext, input: SaveFileInput): Promise<StoredFile> {
  const purpose = input.purpose.toLowerCase().replace(/[^a-z0-9-]/g, '-').slice(0, 32) || 'file';
  const id = newFileId();
  const key = `${purpose}/${month()}/${id}`;
  const isImage = input.contentType.startsWith('image/');
  // An image is read whole anyway (its size is measured); images are small next to video.
  const body = isImage && !Buffer.isBuffer(input.body) ? await buffer(input.body) : input.body;
  const size = Buffer.isBuffer(body) && isImage ? await imageSize(body) : null;
  const { bytes } = await ctx.storage.put(key, body, { contentType: input.contentType });
  const name = cleanFileName(input.name);
  try {
    await insertFile(ctx.database.db, {
      id,
      userId: input.userId,
      key,
      name,
      contentType: input.contentType.slice(0, 128),
      bytes,
      purpose,
      width: size?.width ?? null,
      height: size?.height ?? null,
      expiresAt: input.expiresAt ?? null,
    });
  } catch (err) {
    // No row, no file: bytes nobody can name are deleted at once.
    await ctx.storage.delete(key).catch(() => undefined);
    throw err;
  }
  return {
    id,
    name,
    bytes,
    contentType: input.contentType,
    url: fileUrl(id),
    ...(size ? { width: size.width, height: size.height } : {}),
  };
}

/** Pixel size from the image's header, or null for what sharp cannot read. */
async function imageSize(data: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const { width, height, autoOrient } = await sharp(data, { limitInputPixels: FILE_IMAGE_MAX_PIXELS }).metadata();
    // The size as shown: a phone photo turned by its EXIF orientation.
    const shown = autoOrient ?? { width, height };
    return shown.width && shown.height ? { width: shown.width, height: shown.height } : null;
  } catch {
    return null;
  }
}

/** The owner's file row, or 404 (another user's file reads exactly like a missing one). */
export async function ownFile(ctx: Pick<AppContext, 'database'>, userId: number, id: string): Promise<FileRow> {
  const row = await selectOwnFile(ctx.database.db, userId, id);
  if (!row) throw notFound(MSG.filesNotFound);
  return row;
}

export interface OpenedFile {
  file: FileRow;
  object: StoredObject;
}

/** The owner's file and its bytes as a stream (a byte range when asked); 404 for anyone else's or a lost one. */
export async function openFile(ctx: FilesContext, userId: number, id: string, range?: ByteRange): Promise<OpenedFile> {
  const file = await ownFile(ctx, userId, id);
  const object = await ctx.storage.get(file.key, range);
  if (!object) throw notFound(MSG.filesNotFound);
  return { file, object };
}

/** The owner's file's bytes in memory (inputs of a task, an image for a vision model). */
export async function readFileBytes(ctx: FilesContext, userId: number, id: string): Promise<{ file: FileRow; data: Buffer }> {
  const { file, object } = await openFile(ctx, userId, id);
  return { file, data: await buffer(object.body) };
}

/** Delete the owner's file and its thumbnail; false when it was not theirs. */
export async function deleteFile(ctx: FilesContext, userId: number, id: string): Promise<boolean> {
  const keys = await deleteOwnFileRow(ctx.database.db, userId, id);
  if (!keys) return false;
  await deleteObjects(ctx, [keys]);
  return true;
}

/** Delete files a feature made, by id, whoever owns them (an expired upload's image, a deleted task's results). */
export async function deleteFilesById(ctx: FilesContext, ids: readonly string[]): Promise<number> {
  const keys = await deleteFileRows(ctx.database.db, ids);
  await deleteObjects(ctx, keys);
  return keys.length;
}

/**
 * Delete every file expired by now, `batch` rows per statement, claimed with SKIP LOCKED so several
 * processes sweeping at once never meet; the row goes first, so a file is never served without bytes
 * for long (a crash between the two leaves bytes nobody can name, not a row without bytes).
 */
export async function sweepExpiredFiles(ctx: FilesContext, batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const keys = await deleteExpiredFileRows(ctx.database.db, batch);
    await deleteObjects(ctx, keys);
    total += keys.length;
    if (keys.length < batch) return total;
  }
}

async function deleteObjects(ctx: Pick<AppContext, 'storage'>, keys: { key: string; thumbKey: string | null }[]): Promise<void> {
  for (const k of keys) {
    await ctx.storage.delete(k.key);
    if (k.thumbKey) await ctx.storage.delete(k.thumbKey);
  }
}
