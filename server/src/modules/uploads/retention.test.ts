import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { Code, MSG, type Envelope, type UploadRes } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { multipartBody } from '../../../test/multipart';
import { tinyPng } from '../../../test/fixtures/documents';
import { files, uploads } from '../../db/schema';
import { startUploadSweep, sweepExpiredUploads } from './retention';

/**
 * Uploads are kept for the days of their owner's membership level (UPLOAD_RETENTION_DAYS), are
 * refused once expired, and a sweep deletes expired rows (document text lives there) and the
 * stored bytes of images exactly once however many processes sweep at the same time.
 */
const ENV = { UPLOAD_RETENTION_DAYS: '0=7,3=0,*=30' };
const DAY = 86_400_000;

describe.each(testDbKinds())('upload retention on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: ENV });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.ctx.database.db;

  async function upload(token: string, name: string, data: Buffer) {
    const body = await multipartBody({ name, data });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/file/yfoo.upload', headers: { ...body.headers, token }, payload: body.payload });
    const env = res.json<Envelope<UploadRes>>();
    expect(env.code, env.msg).toBe(200);
    return env.data;
  }

  /** A user of membership level `vip` (a fresh login reads the level). */
  async function userOfLevel(vip: number) {
    const first = await t.loginAs();
    if (vip === 0) return first;
    await db().execute(sql`UPDATE users SET vip = ${vip}, vip_permanent = true WHERE id = ${first.user.id}`);
    return t.loginAs(first.user.phone!);
  }

  const expiryOf = async (fileId: string) =>
    (await db().select({ expiresAt: uploads.expiresAt, createdAt: uploads.createdAt }).from(uploads).where(sql`id = ${fileId}`))[0]!;

  it("keeps an upload for its owner's level: 7 days free, 30 for other levels, for good where the setting says 0", async () => {
    for (const [vip, days] of [
      [0, 7],
      [1, 30],
      [3, null],
    ] as const) {
      const { token } = await userOfLevel(vip);
      const doc = await upload(token, '笔记.txt', Buffer.from('会过期的笔记'));
      const { expiresAt, createdAt } = await expiryOf(doc.fileId);
      if (days === null) expect(expiresAt, `vip ${vip}`).toBeNull();
      else expect(Math.round((expiresAt!.getTime() - createdAt.getTime()) / DAY), `vip ${vip}`).toBe(days);
    }
  });

  it('refuses an expired upload in a question at once, before any sweep', async () => {
    const { token } = await t.loginAs();
    const doc = await upload(token, '过期.txt', Buffer.from('过期的内容'));
    await db().execute(sql`UPDATE uploads SET expires_at = now() - interval '1 second' WHERE id = ${doc.fileId}`);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/chat2/v35', headers: { token }, payload: { prompt: '总结', files: [doc.fileId] } });
    expect(res.json()).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.uploadNotFound });
  });

  it('deletes every expired upload exactly once with four sweepers at once, and nothing else', async () => {
    const a = await t.loginAs();
    const b = await t.loginAs();
    const kept = await upload(a.token, '保留.txt', Buffer.from('还没过期'));
    const image = await upload(b.token, '图.png', tinyPng());
    // 1,200 expired rows of two users (batches of 100 make the sweepers meet), plus the image expired too.
    await db().execute(sql`
      INSERT INTO uploads (id, user_id, kind, name, text, chars, expires_at)
      SELECT 'exp-' || g, CASE WHEN g % 2 = 0 THEN ${a.user.id}::bigint ELSE ${b.user.id}::bigint END, 'doc', 'old.txt', 'x', 1, now() - interval '1 day'
      FROM generate_series(1, 1200) AS g`);
    await db().execute(sql`UPDATE uploads SET expires_at = now() - interval '1 minute' WHERE id = ${image.fileId}`);
    // The image's bytes are in the file store, under a file row of their own.
    const [{ fileId: imageFile }] = (await db().select({ fileId: uploads.fileId }).from(uploads).where(sql`id = ${image.fileId}`)) as [{ fileId: string }];
    const [{ key: imageKey }] = (await db().select({ key: files.key }).from(files).where(sql`id = ${imageFile}`)) as [{ key: string }];
    expect(await t.ctx.storage.stat(imageKey)).toMatchObject({ contentType: 'image/png' });

    // Earlier tests of this file may have left expired uploads too: every one of them goes, once.
    const expired = await db().$count(uploads, sql`expires_at <= now()`);
    expect(expired).toBeGreaterThanOrEqual(1201);
    const counts = await Promise.all([1, 2, 3, 4].map(() => sweepExpiredUploads(t.ctx, 100)));
    expect(counts.reduce((s, n) => s + n, 0)).toBe(expired);
    expect(await db().$count(uploads, sql`expires_at <= now()`)).toBe(0);
    const left = await db().select({ id: uploads.id }).from(uploads).where(sql`user_id IN (${a.user.id}, ${b.user.id})`);
    expect(left.map((r) => r.id)).toEqual([kept.fileId]);
    expect(await sweepExpiredUploads(t.ctx, 100)).toBe(0);
    // The sweep deleted the image's stored file too: its row and its bytes.
    expect(await db().$count(files, sql`id = ${imageFile}`)).toBe(0);
    expect(await t.ctx.storage.stat(imageKey)).toBeNull();
  });

  it('sweeps at start and every interval until the process stops', async () => {
    const { token } = await t.loginAs();
    const first = await upload(token, '启动时.txt', Buffer.from('启动时清理'));
    const later = await upload(token, '定时.txt', Buffer.from('定时清理'));
    const exists = async (id: string) => (await db().select({ id: uploads.id }).from(uploads).where(sql`id = ${id}`)).length === 1;
    await db().execute(sql`UPDATE uploads SET expires_at = now() - interval '1 second' WHERE id = ${first.fileId}`);
    const shutdown = new AbortController();
    const settings = { ...t.ctx.config, uploads: { ...t.ctx.config.uploads, sweepEveryMs: 50 } };
    startUploadSweep({ ...t.ctx, config: settings, shutdown }, pino({ level: 'silent' }));
    await expect.poll(() => exists(first.fileId), { timeout: 5_000 }).toBe(false);
    // Expires after the start: a later turn deletes it.
    await db().execute(sql`UPDATE uploads SET expires_at = now() - interval '1 second' WHERE id = ${later.fileId}`);
    await expect.poll(() => exists(later.fileId), { timeout: 5_000 }).toBe(false);
    // Stopped with the process: an upload expiring now stays until the next start.
    shutdown.abort();
    const after = await upload(token, '停止后.txt', Buffer.from('停止后'));
    await db().execute(sql`UPDATE uploads SET expires_at = now() - interval '1 second' WHERE id = ${after.fileId}`);
    await new Promise((r) => setTimeout(r, 300));
    expect(await exists(after.fileId)).toBe(true);
  });
});
