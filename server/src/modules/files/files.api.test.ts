import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, FILE_UPLOAD_EXTENSIONS, MSG, type Envelope, type StoredFile } from '@wanxiang/contract';
import { ffmpeg, withWorkDir } from '../../infra/av';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { tinyPng } from '../../../test/fixtures/documents';
import { multipartBody } from '../../../test/multipart';
import { startS3rver, type LocalS3 } from '../../../test/s3rver';
import { files } from '../../db/schema';
import { createDiskStore, createS3Store } from '../../infra/storage';
import { deleteFile, openFile, saveFile, sweepExpiredFiles } from './service';

/** The files API: uploads checked by what they are, reads by the owner only, downloads, ranges, thumbnails, sweeps. */

/** A real photo-sized PNG (sharp draws it), so the thumbnail is really smaller than the image. */
const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

describe.each(testDbKinds())('files API on %s (disk store)', (kind) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'wx-files-api-'));
    t = await createTestApp(kind, { overrides: { storage: createDiskStore(root) } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(root, { recursive: true, force: true });
  });

  async function upload(token: string | undefined, name: string, data: Buffer) {
    const body = await multipartBody({ name, data });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files/upload',
      headers: { ...body.headers, ...(token ? { token } : {}) },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json<Envelope<StoredFile>>() };
  }
  const uploaded = async (token: string, name: string, data: Buffer) => {
    const r = await upload(token, name, data);
    expect(r.body.code, r.body.msg).toBe(200);
    return r.body.data;
  };
  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...(token ? { token } : {}) } });

  it('needs a login to upload and to read', async () => {
    expect((await upload(undefined, 'a.png', tinyPng())).status).toBe(401);
    const { token } = await t.loginAs();
    const file = await uploaded(token, 'a.png', tinyPng());
    const anonymous = await get(file.url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: Code.UNAUTHORIZED });
  });

  it("stores an image with its real type and size; only its owner reads it, another user's id is 404", async () => {
    const alice = await t.loginAs();
    const bob = await t.loginAs();
    const data = await photo();
    // A PNG named .jpg is stored as what it is.
    const file = await uploaded(alice.token, '../../我的照片.jpg', data);
    expect(file).toMatchObject({ name: '我的照片.jpg', bytes: data.length, contentType: 'image/png', width: 640, height: 480 });
    expect(file.id).toMatch(/^[0-9a-f]{32}$/);
    expect(file.url).toBe(`/api/v1/files/${file.id}`);

    const mine = await get(file.url, alice.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['content-disposition']).toMatch(/^inline;/);
    expect(mine.rawPayload.equals(data)).toBe(true);

    for (const url of [file.url, `${file.url}/thumb`, '/api/v1/files/0123456789abcdef0123456789abcdef', '/api/v1/files/not-an-id']) {
      const theirs = await get(url, bob.token);
      expect(theirs.statusCode, url).toBe(404);
      expect(theirs.json(), url).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.filesNotFound });
    }
    // The row keeps a storage key, never a URL.
    const [row] = await t.ctx.database.db.select().from(files).where(sql`id = ${file.id}`);
    expect(row!.key).toMatch(new RegExp(`^upload/\\d{4}-\\d{2}/${file.id}$`));
    expect(row!.userId).toBe(alice.user.id);
  });

  it('?download=1 answers an attachment under the file name; a Range answers 206, past the end 416', async () => {
    const { token } = await t.loginAs();
    const text = Buffer.from('第一行\n第二行\n');
    const file = await uploaded(token, '会议 纪要.txt', text);
    expect(file.contentType).toBe('text/plain; charset=utf-8');
    const res = await get(`${file.url}?download=1`, token);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="?? ??.txt"; filename*=UTF-8''%E4%BC%9A%E8%AE%AE%20%E7%BA%AA%E8%A6%81.txt`,
    );
    expect(res.body).toBe(text.toString());

    const part = await get(file.url, token, { range: 'bytes=0-8' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-8/${text.length}`);
    expect(part.rawPayload.equals(text.subarray(0, 9))).toBe(true);
    const tail = await get(file.url, token, { range: 'bytes=-4' });
    expect(tail.rawPayload.equals(text.subarray(text.length - 4))).toBe(true);
    const past = await get(file.url, token, { range: `bytes=${text.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${text.length}`);
    // Several ranges or a malformed header: the whole file.
    expect((await get(file.url, token, { range: 'bytes=0-1,3-4' })).statusCode).toBe(200);
  });

  it('makes a small WebP thumbnail once, stores it and serves it again; a document has none', async () => {
    const { token } = await t.loginAs();
    const file = await uploaded(token, 'photo.png', await photo());
    const first = await get(`${file.url}/thumb`, token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toContain('private');
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
    const [row] = await t.ctx.database.db.select().from(files).where(sql`id = ${file.id}`);
    expect(row!.thumbKey).toMatch(/^thumbs\/\d{4}-\d{2}\/[0-9a-f]{32}\.webp$/);
    expect(await t.ctx.storage.stat(row!.thumbKey!)).toMatchObject({ contentType: 'image/webp', bytes: first.rawPayload.length });
    const again = await get(`${file.url}/thumb`, token);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const doc = await uploaded(token, 'a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const none = await get(`${doc.url}/thumb`, token);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.filesNoThumb });
  });

  it('reads audio and video by their bytes: a real recording is kept under its real type, a renamed text is refused', async () => {
    const { token } = await t.loginAs();
    const make = (args: string[], ext: string) =>
      withWorkDir(async (dir) => {
        const out = join(dir, `x.${ext}`);
        await ffmpeg([...args, out]);
        return (await import('node:fs/promises')).readFile(out);
      });
    const tone = await make(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'], 'mp3');
    expect(await uploaded(token, '录音.mp3', tone)).toMatchObject({ contentType: 'audio/mpeg' });
    // A browser recording of sound only (WebM/Opus) is audio; one with pictures is a video whatever it is called.
    const voice = await make(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=1', '-c:a', 'libopus'], 'webm');
    expect(await uploaded(token, 'rec.webm', voice)).toMatchObject({ contentType: 'audio/webm' });
    const clip = await make(['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=5:duration=1', '-c:v', 'libvpx'], 'webm');
    expect(await uploaded(token, 'clip.webm', clip)).toMatchObject({ contentType: 'video/webm' });
    const soundOnlyMp4 = await make(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=1', '-c:a', 'aac', '-f', 'mp4'], 'mp4');
    expect(await uploaded(token, 'voice.mp4', soundOnlyMp4)).toMatchObject({ contentType: 'audio/mp4' });
    for (const [name, data] of [['fake.mp3', Buffer.from('ID3 not really audio')], ['notes.mp4', Buffer.from('just some text')], ['half.mov', tone.subarray(0, 40)]] as const) {
      expect((await upload(token, name, data)).body, name).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.filesContentMismatch });
    }
  });

  it('refuses a wrong type, a fake image, a mislabelled document, an empty file and a too large one in Chinese', async () => {
    const { token } = await t.loginAs();
    const wrong = await upload(token, 'run.exe', Buffer.from('MZ'));
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe(MSG.filesTypeOnly(FILE_UPLOAD_EXTENSIONS.join('、')));
    expect((await upload(token, 'photo.png', Buffer.from('<svg onload=alert(1)>'))).body).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: MSG.filesImageUnreadable,
    });
    expect((await upload(token, 'cut.png', tinyPng().subarray(0, 45))).body.msg).toBe(MSG.filesImageUnreadable);
    expect((await upload(token, 'page.pdf', Buffer.from('<html><script>x</script></html>'))).body).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: MSG.filesContentMismatch,
    });
    expect((await upload(token, 'binary.txt', Buffer.from([0x66, 0x00, 0xff]))).body.msg).toBe(MSG.filesContentMismatch);
    expect((await upload(token, 'empty.txt', Buffer.alloc(0))).body).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.filesEmpty });
    const big = await upload(token, 'big.png', Buffer.concat([tinyPng(), Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: Code.PAYLOAD_TOO_LARGE, msg: MSG.filesTooLarge('图片', 10) });
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/files/upload', headers: { token }, payload: { a: 1 } });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ msg: MSG.filesNeedFile });
  });

  it('saveFile takes a stream (a vendor download stored at once); deleteFile only by the owner removes the bytes', async () => {
    const alice = await t.loginAs();
    const bob = await t.loginAs();
    const chunks = [Buffer.from('视频的'), Buffer.from('第一段'), Buffer.from('和第二段')];
    const saved = await saveFile(t.ctx, {
      userId: alice.user.id,
      name: 'clip.mp4',
      contentType: 'video/mp4',
      body: Readable.from(chunks),
      purpose: 'result',
    });
    expect(saved).toMatchObject({ name: 'clip.mp4', bytes: Buffer.concat(chunks).length, contentType: 'video/mp4' });
    const res = await get(saved.url, alice.token);
    expect(res.rawPayload.equals(Buffer.concat(chunks))).toBe(true);
    const [row] = await t.ctx.database.db.select().from(files).where(sql`id = ${saved.id}`);
    expect(row!.key.startsWith('result/')).toBe(true);

    expect(await deleteFile(t.ctx, bob.user.id, saved.id)).toBe(false);
    expect(await t.ctx.storage.stat(row!.key)).not.toBeNull();
    expect(await deleteFile(t.ctx, alice.user.id, saved.id)).toBe(true);
    expect(await t.ctx.storage.stat(row!.key)).toBeNull();
    await expect(openFile(t.ctx, alice.user.id, saved.id)).rejects.toMatchObject({ code: Code.NOT_FOUND });
  });

  it('an expired file reads as not found at once, and the sweep deletes its row, bytes and thumbnail', async () => {
    const { token, user } = await t.loginAs();
    const file = await uploaded(token, 'old.png', await photo());
    await get(`${file.url}/thumb`, token);
    const [row] = await t.ctx.database.db.select().from(files).where(sql`id = ${file.id}`);
    await t.ctx.database.db.execute(sql`UPDATE files SET expires_at = now() - interval '1 second' WHERE id = ${file.id}`);
    expect((await get(file.url, token)).statusCode).toBe(404);
    const kept = await saveFile(t.ctx, { userId: user.id, name: 'kept.txt', contentType: 'text/plain', body: Buffer.from('k'), purpose: 'result' });
    expect(await sweepExpiredFiles(t.ctx, 2)).toBeGreaterThanOrEqual(1);
    expect(await t.ctx.database.db.$count(files, sql`id = ${file.id}`)).toBe(0);
    expect(await t.ctx.storage.stat(row!.key)).toBeNull();
    expect(await t.ctx.storage.stat(row!.thumbKey!)).toBeNull();
    expect((await get(kept.url, token)).statusCode).toBe(200);
  });
});

describe('files API on an S3 bucket (s3rver)', () => {
  let s3: LocalS3;
  let signed: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    s3 = await startS3rver();
    const storage = createS3Store(s3.settings);
    signed = await createTestApp('pglite', { env: { FILES_SIGNED_URLS: 'true' }, overrides: { storage } });
    direct = await createTestApp('pglite', { overrides: { storage } });
  });
  afterAll(async () => {
    await signed?.close();
    await direct?.close();
    await s3?.close();
  });

  async function uploadTo(t: TestApp, token: string, name: string, data: Buffer) {
    const body = await multipartBody({ name, data });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/files/upload', headers: { ...body.headers, token }, payload: body.payload });
    return res.json<Envelope<StoredFile>>().data;
  }

  it('with FILES_SIGNED_URLS the owner gets a 302 to a short-lived signed URL; others still 404', async () => {
    const alice = await signed.loginAs();
    const bob = await signed.loginAs();
    const file = await uploadTo(signed, alice.token, '报告.pdf', Buffer.from('%PDF-1.7 signed'));
    const res = await signed.app.inject({ method: 'GET', url: `${file.url}?download=1`, headers: { token: alice.token } });
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    expect(location.startsWith(s3.settings.endpoint!)).toBe(true);
    expect(location).toContain('X-Amz-Expires=300');
    const fetched = await fetch(location);
    expect(await fetched.text()).toBe('%PDF-1.7 signed');
    expect(fetched.headers.get('content-disposition')).toContain("filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf");
    expect(fetched.headers.get('content-disposition')).toMatch(/^attachment;/);
    const theirs = await signed.app.inject({ method: 'GET', url: file.url, headers: { token: bob.token } });
    expect(theirs.statusCode).toBe(404);
  });

  it('without signed URLs the bytes pass through the server, thumbnails included', async () => {
    const { token } = await direct.loginAs();
    const data = await photo();
    const file = await uploadTo(direct, token, 'p.png', data);
    const res = await direct.app.inject({ method: 'GET', url: file.url, headers: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
    const thumb = await direct.app.inject({ method: 'GET', url: `${file.url}/thumb`, headers: { token } });
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');
  });
});
