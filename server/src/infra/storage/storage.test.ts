import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type LocalS3 } from '../../../test/s3rver';
import { createDiskStore } from './disk';
import { createS3Store, S3_PART_BYTES } from './s3';
import { StorageKeyError, type FileStore } from './types';

/**
 * One contract, two adapters: every FileStore behaves the same on local disk and on an
 * S3-compatible bucket (here s3rver on a free port, spoken to by the real AWS client).
 */
interface Harness {
  store: FileStore;
  close(): Promise<void>;
}

const adapters: [string, () => Promise<Harness & { root?: string }>][] = [
  [
    'disk',
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'wx-disk-store-'));
      return { store: createDiskStore(root), root, close: () => rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    's3 (s3rver)',
    async () => {
      const s3: LocalS3 = await startS3rver();
      return { store: createS3Store(s3.settings), close: () => s3.close() };
    },
  ],
];

const read = async (store: FileStore, key: string) => {
  const obj = await store.get(key);
  return obj ? { ...obj, data: await buffer(obj.body) } : null;
};

describe.each(adapters)('file store on %s', (_name, open) => {
  let h: Harness & { root?: string };
  beforeAll(async () => {
    h = await open();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('puts a Buffer and reads back the same bytes and content type', async () => {
    const data = Buffer.from('你好，文件库');
    expect(await h.store.put('upload/2026-11/a1', data, { contentType: 'text/plain; charset=utf-8' })).toEqual({ bytes: data.length });
    const got = await read(h.store, 'upload/2026-11/a1');
    expect(got?.data.equals(data)).toBe(true);
    expect(got).toMatchObject({ bytes: data.length, contentType: 'text/plain; charset=utf-8' });
    expect(await h.store.stat('upload/2026-11/a1')).toEqual({ bytes: data.length, contentType: 'text/plain; charset=utf-8' });
  });

  it('puts a stream of unknown length, also one longer than an S3 part', async () => {
    const big = Buffer.alloc(S3_PART_BYTES * 2 + 12345);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    const stream = Readable.from((function* () {
      for (let i = 0; i < big.length; i += 1_000_000) yield big.subarray(i, i + 1_000_000);
    })());
    expect(await h.store.put('result/big.bin', stream, { contentType: 'application/octet-stream' })).toEqual({ bytes: big.length });
    const got = await read(h.store, 'result/big.bin');
    expect(got?.bytes).toBe(big.length);
    expect(got?.data.equals(big)).toBe(true);
    await h.store.put('result/small.bin', Readable.from([Buffer.from('ab'), Buffer.from('c')]), { contentType: 'image/png' });
    expect((await read(h.store, 'result/small.bin'))?.data.toString()).toBe('abc');
    await h.store.put('result/empty.bin', Readable.from([]), { contentType: 'text/plain' });
    expect(await h.store.stat('result/empty.bin')).toEqual({ bytes: 0, contentType: 'text/plain' });
  }, 60_000);

  it('overwrites a key whole, and a missing key reads as null', async () => {
    await h.store.put('x/over', Buffer.from('first version, longer'), { contentType: 'text/plain' });
    await h.store.put('x/over', Buffer.from('second'), { contentType: 'image/webp' });
    const got = await read(h.store, 'x/over');
    expect(got?.data.toString()).toBe('second');
    expect(got?.contentType).toBe('image/webp');
    expect(await h.store.get('x/missing')).toBeNull();
    expect(await h.store.stat('x/missing')).toBeNull();
    // A "folder" of other keys is not an object either.
    expect(await h.store.stat('x')).toBeNull();
  });

  it('reads a byte range', async () => {
    await h.store.put('r/digits', Buffer.from('0123456789'), { contentType: 'text/plain' });
    const part = await h.store.get('r/digits', { start: 2, end: 5 });
    expect((await buffer(part!.body)).toString()).toBe('2345');
    expect(part).toMatchObject({ bytes: 10, range: { start: 2, end: 5 } });
    const tail = await h.store.get('r/digits', { start: 7, end: 100 });
    expect((await buffer(tail!.body)).toString()).toBe('789');
    expect(tail!.range).toEqual({ start: 7, end: 9 });
  });

  it('deletes, and deleting a missing key is fine', async () => {
    await h.store.put('d/gone', Buffer.from('bye'), { contentType: 'text/plain' });
    await h.store.delete('d/gone');
    expect(await h.store.get('d/gone')).toBeNull();
    await expect(h.store.delete('d/gone')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the store or hide a file', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', '.hidden', 'a/.meta', '', 'sp ace', 'a\\b', '中文', 'a/']) {
      await expect(h.store.put(key, Buffer.from('x'), { contentType: 'text/plain' }), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(h.store.get(key), key).rejects.toBeInstanceOf(StorageKeyError);
    }
  });

  it('bounds a content type it is given', async () => {
    await h.store.put('t/odd', Buffer.from('x'), { contentType: 'text/html\r\nX-Evil: 1' });
    expect((await h.store.stat('t/odd'))?.contentType).toBe('application/octet-stream');
  });
});

describe('disk store specifics', () => {
  it('leaves no temporary files behind, also when a stream fails half-way, and keeps the old object', async () => {
    const root = await mkdtemp(join(tmpdir(), 'wx-disk-store-'));
    try {
      const store = createDiskStore(root);
      await store.put('k/one', Buffer.from('old'), { contentType: 'text/plain' });
      const failing = new Readable({
        read() {
          this.push(Buffer.from('partial'));
          this.destroy(new Error('connection lost'));
        },
      });
      await expect(store.put('k/one', failing, { contentType: 'text/plain' })).rejects.toThrow('connection lost');
      expect((await buffer((await store.get('k/one'))!.body)).toString()).toBe('old');
      expect(await readdir(join(root, 'tmp'))).toEqual([]);
      // Bytes without their meta file (an older layout, a crash): octet-stream, not an error.
      await writeFile(join(root, 'objects', 'k', 'bare'), 'bare');
      expect(await store.stat('k/bare')).toEqual({ bytes: 4, contentType: 'application/octet-stream' });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('s3 store specifics', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startS3rver();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('signs a short-lived URL that reads the object without credentials, with the download name asked', async () => {
    const store = createS3Store(s3.settings);
    await store.put('s/report', Buffer.from('签名下载'), { contentType: 'text/plain; charset=utf-8' });
    const url = await store.signedUrl!('s/report', 120, { contentDisposition: 'attachment; filename="report.txt"' });
    expect(url).toContain('X-Amz-Expires=120');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="report.txt"');
    expect(await res.text()).toBe('签名下载');
    // Past its lifetime the same URL is refused.
    const short = await store.signedUrl!('s/report', 1);
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await fetch(short)).status).toBe(403);
  });
});
