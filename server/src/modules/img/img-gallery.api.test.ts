import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import sharp from 'sharp';
import { Code, MSG, type Envelope, type ImgCreationPage, type ImgLikeResult, type ImgPublished, type ImgPublishPage, type ImgTaskStatus } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import type { RunningTaskEngine } from '../../jobs';
import { saveFile } from '../files/service';
import { startTasks } from '../tasks/lifecycle';
import { submitToolTask } from '../tasks/service';

/**
 * The gallery and the drawing square end to end (docs/api.md "Image"), with 图片特效 (aiImgEffect),
 * an image task tool that needs no vendor: creations by tool and day, reuse links, deletion with the
 * files; publish (owner's succeeded task only, once), the public list and image route (published
 * files only), likes toggled once per user, reports hiding an image at the threshold.
 */
describe.each(testDbKinds())('image gallery on %s', (kind) => {
  let t: TestApp;
  let engine: RunningTaskEngine;

  beforeAll(async () => {
    // Two reports of accounts of any age hide an image (the shared models' rule and settings).
    t = await createTestApp(kind, { env: { TZ_BUSINESS: 'UTC', TASK_POLL_MAX_MS: '100', SHARED_MODEL_REPORT_HIDE: '2', SHARED_MODEL_REPORT_MIN_ACCOUNT_DAYS: '0' } });
    engine = await startTasks(t.ctx, pino({ level: 'silent' }), { workers: true });
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: token ? { token } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json<Envelope<T>>(), headers: res.headers };
  };
  const upload = async (userId: number) => {
    const body = await sharp({ create: { width: 240, height: 160, channels: 3, background: '#2a7fd4' } })
      .png()
      .toBuffer();
    return (await saveFile(t.ctx, { userId, name: 'photo.png', contentType: 'image/png', body, purpose: 'upload' })).id;
  };
  /** A finished 图片特效 task of the user's (its result is one labelled PNG). */
  const creation = async (user: { id: number; vip: number }, token: string, effect = 'sketch') => {
    const { task_id } = await submitToolTask(t.ctx, user, 'aiImgEffect', { image: await upload(user.id), effect });
    await expect.poll(async () => (await call<ImgTaskStatus>('GET', `/api/v1/img/query?task_id=${task_id}`, token)).body.data.status, { timeout: 15_000 }).toBe('succeeded');
    return task_id;
  };

  it('lists the caller’s creations by tool and day with images and a reuse link; another user sees none', async () => {
    const { token, user } = await t.loginAs();
    const first = await creation(user, token, 'grayscale');
    const second = await creation(user, token, 'pixel');
    const res = await call<ImgCreationPage>('GET', '/api/v1/img/creations?tool=aiImgEffect', token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 2, page: 1, size: 20 });
    expect(res.body.data.list.map((c) => c.task_id)).toEqual([second, first]);
    const item = res.body.data.list[0]!;
    expect(item).toMatchObject({ tool: 'aiImgEffect', toolTitle: '图片特效', prompt: '', publishedId: null, reusePath: '/aiGenerate/aiImgEffect?effect=pixel' });
    expect(item.images).toHaveLength(1);
    expect(item.images[0]).toMatchObject({ width: 240, height: 160 });
    expect(item.images[0]!.url).toMatch(/^\/api\/v1\/files\/[0-9a-f]{32}$/);

    const today = new Date().toISOString().slice(0, 10);
    expect((await call<ImgCreationPage>('GET', `/api/v1/img/creations?date=${today}`, token)).body.data.total).toBe(2);
    expect((await call<ImgCreationPage>('GET', '/api/v1/img/creations?date=2001-01-01', token)).body.data.total).toBe(0);
    expect(await call('GET', '/api/v1/img/creations?date=2024-02-30', token)).toMatchObject({ status: 400, body: { code: Code.BAD_REQUEST, msg: MSG.imgDateInvalid } });
    expect((await call<ImgCreationPage>('GET', '/api/v1/img/creations?tool=text_nothing', token)).body.data.total).toBe(0);

    const other = await t.loginAs();
    expect((await call<ImgCreationPage>('GET', '/api/v1/img/creations', other.token)).body.data.total).toBe(0);
    expect((await call('GET', '/api/v1/img/creations')).status).toBe(401);
  });

  it('deletes an ended creation with its result files; another user’s task is 404 and stays', async () => {
    const { token, user } = await t.loginAs();
    const other = await t.loginAs();
    const taskId = await creation(user, token);
    const fileUrl = (await call<ImgTaskStatus>('GET', `/api/v1/img/query?task_id=${taskId}`, token)).body.data.images![0]!.url;

    const theirs = await call('POST', '/api/v1/img/creations_delete', other.token, { task_id: taskId });
    expect([theirs.status, theirs.body]).toEqual([404, { code: Code.NOT_FOUND, msg: MSG.taskNotFound, data: null }]);
    expect((await call('POST', '/api/v1/img/creations_delete', token, { task_id: 'bad id!' })).body).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.imgTaskIdInvalid });

    const gone = await call('POST', '/api/v1/img/creations_delete', token, { task_id: taskId });
    expect(gone.body).toEqual({ code: 200, msg: MSG.imgCreationDeleted, data: null });
    expect((await t.app.inject({ method: 'GET', url: fileUrl, headers: { token } })).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/img/query?task_id=${taskId}`, token)).status).toBe(404);
    expect((await call<ImgCreationPage>('GET', '/api/v1/img/creations', token)).body.data.total).toBe(0);
  });

  it('publishes the owner’s succeeded task once; the square lists it for everyone and serves only published files', async () => {
    const author = await t.loginAs();
    const stranger = await t.loginAs();
    const taskId = await creation(author.user, author.token);
    const status = (await call<ImgTaskStatus>('GET', `/api/v1/img/query?task_id=${taskId}`, author.token)).body.data;

    // Bad input, someone else's task, a task that is not an image task's: refused in Chinese.
    expect((await call('POST', '/api/v1/img/publish', author.token, { title: '  ', task_id: taskId })).body).toMatchObject({ code: 400, msg: MSG.imgPublishTitleRequired });
    expect((await call('POST', '/api/v1/img/publish', author.token, { title: '长'.repeat(31), task_id: taskId })).body).toMatchObject({ code: 400, msg: MSG.imgPublishTitleTooLong(30) });
    expect((await call('POST', '/api/v1/img/publish', author.token, { title: '好看', task_id: '' })).body).toMatchObject({ code: 400, msg: MSG.imgTaskIdInvalid });
    const stolen = await call('POST', '/api/v1/img/publish', stranger.token, { title: '偷来的', task_id: taskId });
    expect([stolen.status, stolen.body]).toEqual([404, { code: Code.NOT_FOUND, msg: MSG.taskNotFound, data: null }]);
    expect((await call('POST', '/api/v1/img/publish', undefined, { title: '匿名', task_id: taskId })).status).toBe(401);

    // Before publishing, the file is the owner's only, and the square has no route to it.
    expect((await t.app.inject({ method: 'GET', url: status.images![0]!.url, headers: { token: stranger.token } })).statusCode).toBe(404);

    const res = await call<ImgPublished>('POST', '/api/v1/img/publish', author.token, { title: '  我的素描  ', task_id: taskId });
    expect(res.body.msg).toBe(MSG.imgPublished);
    const published = res.body.data;
    expect(published).toMatchObject({ title: '我的素描', width: 240, height: 160, tool: 'aiImgEffect', toolTitle: '图片特效', likes: 0, liked: false, mine: true, url: `/api/v1/img/published/${published.id}/image` });
    expect(published.author).toMatch(/\S/);
    expect((await call('POST', '/api/v1/img/publish', author.token, { title: '再发一次', task_id: taskId })).body).toMatchObject({ code: 400, msg: MSG.imgPublishTwice });

    // The public list (no login) shows it newest first; the info call too; the author's creation knows its id.
    const list = await call<ImgPublishPage>('GET', '/api/v1/img/publishs?page=1');
    expect(list.status).toBe(200);
    expect(list.body.data.list[0]).toMatchObject({ id: published.id, title: '我的素描', mine: false, liked: false });
    // The info call carries what 做同款 needs: the prompt ('' for this effect) and the tool's prefilled page.
    expect((await call<ImgPublished>('GET', `/api/v1/img/publishInfo?id=${published.id}`)).body.data).toMatchObject({
      id: published.id,
      mine: false,
      prompt: '',
      reusePath: '/aiGenerate/aiImgEffect?effect=sketch',
    });
    expect((await call('GET', '/api/v1/img/publishs?page=0')).body).toMatchObject({ code: 400, msg: MSG.imgPageInvalid });
    expect((await call('GET', '/api/v1/img/publishInfo?id=abc')).body).toMatchObject({ code: 400, msg: MSG.imgPublishIdInvalid });
    expect((await call('GET', '/api/v1/img/publishInfo?id=999999999')).body).toMatchObject({ code: 404, msg: MSG.imgPublishNotFound });
    const mine = (await call<ImgCreationPage>('GET', '/api/v1/img/creations', author.token)).body.data.list[0]!;
    expect(mine.publishedId).toBe(published.id);

    // Anyone reads the published bytes (the labelled PNG) and its thumbnail; the owner-only route stays owner-only.
    const image = await t.app.inject({ method: 'GET', url: published.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=300');
    expect((await sharp(image.rawPayload).metadata()).xmp?.toString()).toContain('TC260:AIGC');
    const thumb = await t.app.inject({ method: 'GET', url: published.thumbUrl });
    expect([thumb.statusCode, thumb.headers['content-type']]).toEqual([200, 'image/webp']);
    expect((await t.app.inject({ method: 'GET', url: status.images![0]!.url, headers: { token: stranger.token } })).statusCode).toBe(404);

    // Unpublishing: another user cannot; the author can, and the public route is gone.
    expect((await call('POST', '/api/v1/img/publish_delete', stranger.token, { id: published.id })).body).toMatchObject({ code: 404, msg: MSG.imgPublishNotFound });
    expect((await call('POST', '/api/v1/img/publish_delete', author.token, { id: published.id })).body).toMatchObject({ code: 200, msg: MSG.imgUnpublished });
    expect((await t.app.inject({ method: 'GET', url: published.url })).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/img/publishInfo?id=${published.id}`)).status).toBe(404);
  });

  it('likes toggle once per user; reports are one per user and hide the image at the threshold', async () => {
    const author = await t.loginAs();
    const a = await t.loginAs();
    const b = await t.loginAs();
    const taskId = await creation(author.user, author.token);
    const { id } = (await call<ImgPublished>('POST', '/api/v1/img/publish', author.token, { title: '等你点赞', task_id: taskId })).body.data;

    expect((await call<ImgLikeResult>('POST', '/api/v1/img/publish_like', a.token, { id })).body.data).toEqual({ liked: true, likes: 1 });
    expect((await call<ImgLikeResult>('POST', '/api/v1/img/publish_like', b.token, { id })).body.data).toEqual({ liked: true, likes: 2 });
    expect((await call<ImgLikeResult>('POST', '/api/v1/img/publish_like', a.token, { id })).body.data).toEqual({ liked: false, likes: 1 });
    expect((await call<ImgPublished>('GET', `/api/v1/img/publishInfo?id=${id}`, b.token)).body.data).toMatchObject({ likes: 1, liked: true });
    expect((await call('POST', '/api/v1/img/publish_like', undefined, { id })).status).toBe(401);

    expect((await call('POST', '/api/v1/img/publish_report', a.token, { id, reason: 'nope' })).body).toMatchObject({ code: 400, msg: MSG.imgReportReasonInvalid });
    expect((await call('POST', '/api/v1/img/publish_report', a.token, { id, reason: 'other', detail: '字'.repeat(201) })).body).toMatchObject({ code: 400, msg: MSG.imgReportDetailTooLong(200) });
    expect((await call('POST', '/api/v1/img/publish_report', author.token, { id, reason: 'ad' })).body).toMatchObject({ code: 400, msg: MSG.imgReportOwn });
    expect((await call('POST', '/api/v1/img/publish_report', a.token, { id, reason: 'porn', detail: '不适合展示' })).body).toEqual({ code: 200, msg: MSG.imgReported, data: null });
    expect((await call('POST', '/api/v1/img/publish_report', a.token, { id, reason: 'porn' })).body).toMatchObject({ code: Code.FAILED, msg: MSG.imgReportedBefore });
    // One report is below the threshold (2): still listed.
    expect((await call('GET', `/api/v1/img/publishInfo?id=${id}`)).status).toBe(200);
    expect((await call('POST', '/api/v1/img/publish_report', b.token, { id, reason: 'violence' })).body.code).toBe(200);

    // Hidden: gone from the list, the info call and the public image for everyone but its author.
    const list = (await call<ImgPublishPage>('GET', '/api/v1/img/publishs')).body.data.list;
    expect(list.map((x) => x.id)).not.toContain(id);
    expect((await call('GET', `/api/v1/img/publishInfo?id=${id}`, a.token)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/img/published/${id}/image` })).statusCode).toBe(404);
    expect((await call<ImgPublished>('GET', `/api/v1/img/publishInfo?id=${id}`, author.token)).body.data).toMatchObject({ id, mine: true });
    expect((await call('POST', '/api/v1/img/publish_like', b.token, { id })).status).toBe(404);

    // Deleting the creation takes the published row (and its likes and reports) with it.
    await call('POST', '/api/v1/img/creations_delete', author.token, { task_id: taskId });
    expect((await call('GET', `/api/v1/img/publishInfo?id=${id}`, author.token)).status).toBe(404);
  });
});
