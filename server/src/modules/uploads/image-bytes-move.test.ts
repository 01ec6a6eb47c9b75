import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { files, uploads } from '../../db/schema';
import { createDiskStore, type FileStore } from '../../infra/storage';
import { openTestDatabase, testDbKinds } from '../../../test/db';
import { tinyPng } from '../../../test/fixtures/documents';
import { testConfig } from '../../config';
import { moveImageBytesToStore, startImageBytesMove } from './image-bytes-move';
import { ownedUploads } from './service';

/**
 * Chat images from before the file store keep their bytes in uploads.data; the move puts them in the
 * file store (expiring with their upload), clears the column, and is safe to run again and in
 * several processes at once: one stored file per image, never an image without its bytes.
 */
describe.each(testDbKinds())('moving old chat images into the file store on %s', (kind) => {
  let database: Database;
  let root: string;
  let storage: FileStore;
  const ctx = () => ({ database, storage });
  let seq = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    root = mkdtempSync(join(tmpdir(), 'wx-img-move-'));
    storage = createDiskStore(root);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** A fresh owner, as ids: none of these rows meet another test's. */
  const newUser = () => 900_000 + ++seq * 100 + Math.floor(Math.random() * 100);
  /** An image row as uploads wrote them before the file store: bytes in `data`, no file. */
  async function oldImage(userId: number, opts: { expired?: boolean; forGood?: boolean; bytes?: Buffer } = {}) {
    const id = randomUUID();
    const data = opts.bytes ?? Buffer.concat([tinyPng(), Buffer.from(id)]);
    const expiresAt = opts.forGood ? null : opts.expired ? sql`now() - interval '1 day'` : sql`now() + interval '7 days'`;
    await database.db.insert(uploads).values({ id, userId, kind: 'image', name: `图${seq}.png`, mime: 'image/png', size: data.length, data, expiresAt });
    return { id, data };
  }
  const uploadRow = async (id: string) => (await database.db.select().from(uploads).where(eq(uploads.id, id)))[0]!;
  const filesOf = async (userId: number) => database.db.select().from(files).where(eq(files.userId, userId));
  const storedObjects = () =>
    readdirSync(join(root, 'objects'), { recursive: true, encoding: 'utf8' }).filter((p) => statSync(join(root, 'objects', p)).isFile()).length;

  it('moves each live image in batches: bytes into the store under its owner, data cleared, the same bytes read back; expired rows are left to the sweep', async () => {
    const userId = newUser();
    const images = [];
    for (let i = 0; i < 5; i++) images.push(await oldImage(userId));
    const kept = await oldImage(userId, { forGood: true });
    const expired = await oldImage(userId, { expired: true });
    await database.db.insert(uploads).values({ id: randomUUID(), userId, kind: 'doc', name: '笔记.txt', text: '文本', chars: 2, expiresAt: null });

    expect(await moveImageBytesToStore(ctx(), 2)).toBe(6);
    for (const img of [...images, kept]) {
      const row = await uploadRow(img.id);
      expect(row.data).toBeNull();
      const [file] = await database.db.select().from(files).where(eq(files.id, row.fileId!));
      expect(file).toMatchObject({ userId, purpose: 'chat-image', contentType: 'image/png', bytes: img.data.length, width: 2, height: 3 });
      // The file expires with its upload (the sweeps delete both), or is kept for good like it.
      expect(file!.expiresAt?.getTime() ?? null).toBe(row.expiresAt?.getTime() ?? null);
      expect(await buffer((await storage.get(file!.key))!.body)).toEqual(img.data);
    }
    // The chat path reads the same bytes, now from the store.
    const read = await ownedUploads(ctx(), userId, images.map((i) => i.id));
    expect(read.map((r) => r.data)).toEqual(images.map((i) => i.data));
    expect(await uploadRow(expired.id)).toMatchObject({ fileId: null, data: expired.data });

    // Idempotent: a second run finds nothing and stores nothing.
    const before = storedObjects();
    expect(await moveImageBytesToStore(ctx())).toBe(0);
    expect(storedObjects()).toBe(before);
    expect(await filesOf(userId)).toHaveLength(6);
  });

  it('several movers at once: each image ends with exactly one stored file, the losers delete their copies', async () => {
    const userId = newUser();
    for (let i = 0; i < 12; i++) await oldImage(userId);
    const before = storedObjects();
    const movers = await Promise.all([0, 1, 2].map(() => moveImageBytesToStore(ctx(), 3)));
    expect(movers.reduce((a, b) => a + b, 0)).toBe(12);
    const rows = await database.db.select().from(uploads).where(eq(uploads.userId, userId));
    expect(rows.every((r) => r.data === null && r.fileId !== null)).toBe(true);
    const stored = await filesOf(userId);
    expect(stored.map((f) => f.id).sort()).toEqual(rows.map((r) => r.fileId).sort());
    expect(storedObjects() - before).toBe(12);
  });

  it('a mover that loses the row while storing it (another process moved it first) deletes its copy', async () => {
    const userId = newUser();
    const img = await oldImage(userId);
    const plain = storage;
    let raced = false;
    // The first put of this mover lets a second mover move every row before it is written.
    const racing: FileStore = {
      ...plain,
      put: async (key, body, opts) => {
        if (!raced) {
          raced = true;
          expect(await moveImageBytesToStore({ database, storage: plain })).toBe(1);
        }
        return plain.put(key, body, opts);
      },
    };
    const before = storedObjects();
    expect(await moveImageBytesToStore({ database, storage: racing })).toBe(0);
    const row = await uploadRow(img.id);
    expect(row.data).toBeNull();
    expect((await filesOf(userId)).map((f) => f.id)).toEqual([row.fileId]);
    expect(storedObjects() - before).toBe(1);
  });

  it('runs at start as a cluster job and stops once nothing is left, giving its lease back', async () => {
    const userId = newUser();
    const img = await oldImage(userId);
    const shutdown = new AbortController();
    const stop = startImageBytesMove({ database, storage, config: testConfig({}), shutdown }, pino({ level: 'silent' }));
    try {
      await expect.poll(async () => (await uploadRow(img.id)).fileId, { timeout: 5_000 }).not.toBeNull();
      const lease = async () =>
        (await database.db.execute(sql`SELECT count(*)::int AS n FROM job_leases WHERE name = 'upload-image-bytes'`)) as unknown as { rows: { n: number }[] };
      await expect.poll(async () => Number((await lease()).rows[0]!.n), { timeout: 5_000 }).toBe(0);
      expect(await database.db.select().from(uploads).where(and(eq(uploads.userId, userId), sql`data IS NOT NULL`))).toHaveLength(0);
    } finally {
      await stop();
    }
  });
});
