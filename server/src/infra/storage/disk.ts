import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, cleanContentType, type ByteRange, type FileStore, type ObjectStat, type PutOptions, type StoredObject } from './types';

/**
 * Files on local disk under `root` (DATA_DIR/files by default): `objects/<key>` holds the bytes,
 * `meta/<key>.json` the content type. Writes go to `tmp/` first and are renamed into place
 * (atomic on one filesystem), so a reader or a crash never leaves a half-written object under
 * its key; the meta file is renamed in before the bytes, so an object is never seen without it.
 */
export function createDiskStore(root: string): FileStore {
  const base = resolve(root);
  const objects = join(base, 'objects');
  const meta = join(base, 'meta');
  const tmp = join(base, 'tmp');

  /** The path of a key under `dir`; assertKey already refuses `..`, this check is the belt to its braces. */
  const pathIn = (dir: string, key: string, suffix = '') => {
    assertKey(key);
    const path = resolve(dir, ...key.split('/')) + suffix;
    if (!path.startsWith(dir + sep)) throw new Error(`storage key escapes the store: ${key}`);
    return path;
  };

  const tempPath = async () => {
    await mkdir(tmp, { recursive: true });
    return join(tmp, `${randomUUID()}.part`);
  };

  const moveInto = async (from: string, to: string) => {
    await mkdir(dirname(to), { recursive: true });
    await rename(from, to);
  };

  async function readStat(key: string): Promise<ObjectStat | null> {
    let bytes: number;
    try {
      const s = await stat(pathIn(objects, key));
      if (!s.isFile()) return null;
      bytes = s.size;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    let contentType = 'application/octet-stream';
    try {
      const parsed = JSON.parse(await readFile(pathIn(meta, key, '.json'), 'utf8')) as { contentType?: unknown };
      if (typeof parsed.contentType === 'string') contentType = cleanContentType(parsed.contentType);
    } catch (err) {
      if (!isMissing(err) && !(err instanceof SyntaxError)) throw err;
    }
    return { bytes, contentType };
  }

  return {
    kind: 'disk',

    async put(key: string, body: Buffer | Readable, opts: PutOptions) {
      const target = pathIn(objects, key);
      const metaTarget = pathIn(meta, key, '.json');
      const dataTmp = await tempPath();
      const metaTmp = await tempPath();
      try {
        if (Buffer.isBuffer(body)) await writeFile(dataTmp, body);
        else await pipeline(body, createWriteStream(dataTmp));
        const { size } = await stat(dataTmp);
        await writeFile(metaTmp, JSON.stringify({ contentType: cleanContentType(opts.contentType) }));
        await moveInto(metaTmp, metaTarget);
        await moveInto(dataTmp, target);
        return { bytes: size };
      } finally {
        await rm(dataTmp, { force: true });
        await rm(metaTmp, { force: true });
      }
    },

    async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
      const s = await readStat(key);
      if (!s) return null;
      const path = pathIn(objects, key);
      if (!range) return { ...s, body: createReadStream(path) };
      const clipped = { start: range.start, end: Math.min(range.end, s.bytes - 1) };
      if (s.bytes === 0 || clipped.start > clipped.end) return { ...s, body: Readable.from([]), range: clipped };
      return { ...s, body: createReadStream(path, clipped), range: clipped };
    },

    stat: readStat,

    async delete(key: string) {
      // Bytes first: an object without meta reads as octet-stream, meta without bytes reads as missing.
      await rm(pathIn(objects, key), { force: true });
      await rm(pathIn(meta, key, '.json'), { force: true });
    },
  };
}

function isMissing(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
