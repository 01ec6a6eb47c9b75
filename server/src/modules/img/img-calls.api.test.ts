import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import sharp from 'sharp';
import { Code, MSG, toolById, type Envelope, type ImgTaskItem, type ImgTaskPage, type ImgTaskStatus, type StoredFile } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import type { RunningTaskEngine } from '../../jobs';
import { saveFile } from '../files/service';
import { quotaUsage } from '../quota/service';
import { startTasks } from '../tasks/lifecycle';
import { IMG_PROMPT_PER_MINUTE } from './prompt-helper';

/**
 * The spec's image calls end to end in demo mode (docs/api.md "Image"): each generating call queues
 * its task tool and answers {task_id}; `query` follows it to its images on our owner-only file route;
 * bad input is refused in Chinese before anything is held; another user's task and file are 404; a
 * failed task refunds exactly once; the prompt helper, getbase64, the face refusals and the vision
 * description.
 */
describe.each(testDbKinds())('image calls on %s', (kind) => {
  let t: TestApp;
  let engine: RunningTaskEngine;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { TZ_BUSINESS: 'UTC', TASK_POLL_MAX_MS: '100', DEMO_TOKEN_DELAY_MS: '0' } });
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
  const png = (width = 320, height = 240, background = '#d4602a') =>
    sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer();
  const save = async (userId: number, name: string, contentType: string, body: Buffer): Promise<StoredFile> =>
    saveFile(t.ctx, { userId, name, contentType, body, purpose: 'upload' });
  const upload = async (userId: number) => (await save(userId, 'photo.png', 'image/png', await png())).id;
  /** Follow `query` until the task ends; answers its last status. */
  const settle = async (taskId: string, token: string): Promise<ImgTaskStatus> => {
    let last: ImgTaskStatus | undefined;
    await expect
      .poll(
        async () => {
          last = (await call<ImgTaskStatus>('GET', `/api/v1/img/query?task_id=${taskId}`, token)).body.data;
          return ['succeeded', 'failed', 'canceled'].includes(last.status);
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
    return last!;
  };
  const submitted = (res: { status: number; body: Envelope<unknown> }) => {
    expect(res.body.code, res.body.msg).toBe(200);
    return (res.body.data as { task_id: string }).task_id;
  };

  it('txt2img: {task_id} at once, then query shows progress and the images on the owner-only file route; one draw count', async () => {
    const { token, user } = await t.loginAs();
    const taskId = submitted(await call('POST', '/api/v1/img/txt2img', token, { prompt: '黄昏的海边，一只橘猫坐在礁石上看日落', style: '油画', size: '4:3', count: 2, extra: 'ignored' }));
    expect(taskId).toMatch(/^t[A-Za-z0-9_-]{19}$/);
    const done = await settle(taskId, token);
    expect(done).toMatchObject({ task_id: taskId, tool: 'text2image', status: 'succeeded', progress: 100 });
    expect(done.images).toHaveLength(2);
    for (const image of done.images!) {
      expect(image.url).toMatch(/^\/api\/v1\/files\/[0-9a-f]{32}$/);
      expect(image.width).toBeGreaterThan(image.height);
      const bytes = await t.app.inject({ method: 'GET', url: image.url, headers: { token } });
      expect(bytes.statusCode).toBe(200);
      expect((await sharp(bytes.rawPayload).metadata()).width).toBe(image.width);
    }
    expect(await quotaUsage(t.ctx, user.id, 'draw')).toEqual({ used: 1, reserved: 0 });

    // Another user: the task and its files are not found, with the envelope.
    const other = await t.loginAs();
    const theirs = await call('GET', `/api/v1/img/query?task_id=${taskId}`, other.token);
    expect([theirs.status, theirs.body]).toEqual([404, { code: Code.NOT_FOUND, msg: MSG.taskNotFound, data: null }]);
    expect((await t.app.inject({ method: 'GET', url: done.images![0]!.url, headers: { token: other.token } })).statusCode).toBe(404);
    expect((await call('POST', '/api/v1/img/txt2img', undefined, { prompt: '猫' })).status).toBe(401);
  });

  it('bad input is a Chinese 400 with nothing held: empty or over-long prompt, bad task id, wrong image type, image over the limit, another user’s file', async () => {
    const { token, user } = await t.loginAs();
    const stranger = await t.loginAs();
    const label = toolById('text2image')!.fields.find((f) => f.name === 'text')!;
    expect((await call('POST', '/api/v1/img/txt2img', token, { prompt: '   ' })).body).toMatchObject({ code: 400, msg: MSG.toolInputRequired(label.label) });
    expect((await call('POST', '/api/v1/img/txt2img', token, {})).body).toMatchObject({ code: 400, msg: MSG.toolInputRequired(label.label) });
    const tooLong = await call('POST', '/api/v1/img/txt2img', token, { prompt: '画'.repeat(label.max! + 1) });
    expect([tooLong.status, tooLong.body.msg]).toEqual([400, MSG.toolInputTooLong(label.label, label.max!)]);
    expect((await call('POST', '/api/v1/img/txt2img', token, { prompt: '猫', size: '7:5' })).body.code).toBe(400);

    for (const url of ['/api/v1/img/query', '/api/v1/img/query?task_id=', '/api/v1/img/query?task_id=..%2Fetc', `/api/v1/img/query?task_id=${'x'.repeat(40)}`]) {
      const res = await call('GET', url, token);
      expect([res.status, res.body.msg], url).toEqual([400, MSG.imgTaskIdInvalid]);
    }
    expect((await call('GET', '/api/v1/img/query?task_id=tNoSuchTask000000000', token)).status).toBe(404);

    const field = toolById('image2image')!.fields.find((f) => f.name === 'image')!;
    const pdf = await save(user.id, 'doc.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const wrongType = await call('POST', '/api/v1/img/img2img', token, { image: pdf.id, prompt: '赛博朋克' });
    expect([wrongType.status, wrongType.body.msg]).toEqual([400, MSG.taskFileWrongType(field.label, field.accept!.join('、'))]);
    const huge = await save(user.id, 'huge.png', 'image/png', Buffer.concat([await png(), Buffer.alloc(field.maxBytes!)]));
    const tooLarge = await call('POST', '/api/v1/img/img2img', token, { image: huge.id });
    expect([tooLarge.status, tooLarge.body.msg]).toEqual([400, MSG.taskFileTooLarge(field.label, field.maxBytes! / 1024 / 1024)]);
    const theirs = await call('POST', '/api/v1/img/img2img', token, { image: await upload(stranger.user.id) });
    expect([theirs.status, theirs.body.msg]).toEqual([400, MSG.taskFileMissing(field.label)]);
    expect((await call('POST', '/api/v1/img/img2img', token, { image: '../../etc/passwd' })).body.code).toBe(400);
    expect(await quotaUsage(t.ctx, user.id, 'draw')).toEqual({ used: 0, reserved: 0 });
  });

  it('a failed task ([demo:error=500]) refunds its count exactly once', async () => {
    const { token, user } = await t.loginAs();
    const failed = submitted(await call('POST', '/api/v1/img/txt2img', token, { prompt: '一座雪山 [demo:error=500]' }));
    const end = await settle(failed, token);
    expect(end).toMatchObject({ status: 'failed', error: MSG.imgDemoFailure });
    expect(end).not.toHaveProperty('images');
    expect(await quotaUsage(t.ctx, user.id, 'draw')).toEqual({ used: 0, reserved: 0 });
    // A cancel of the ended task changes nothing, and the next draw is charged normally: the refund did not count twice.
    await call('POST', `/api/v1/tasks/${failed}/cancel`, token);
    expect(await quotaUsage(t.ctx, user.id, 'draw')).toEqual({ used: 0, reserved: 0 });
    const ok = submitted(await call('POST', '/api/v1/img/txt2img', token, { prompt: '一座雪山' }));
    expect((await settle(ok, token)).status).toBe('succeeded');
    expect(await quotaUsage(t.ctx, user.id, 'draw')).toEqual({ used: 1, reserved: 0 });
  });

  it('img2img, lines2img, extendbytxt, colorize and GET enhance_image run their tools on the caller’s picture', async () => {
    const { token, user } = await t.loginAs();
    const runs: [string, string, 'GET' | 'POST', Record<string, unknown>][] = [
      ['img2img', 'image2image', 'POST', { prompt: '赛博朋克夜景', strength: 50 }],
      ['lines2img', 'draftsCreateImage', 'POST', { prompt: '少女，长发，樱花背景' }],
      ['extendbytxt', 'AiExpandedImage', 'POST', { direction: 'horizontal', times: '1.5' }],
      ['colorize', 'coloringoldPhotos', 'POST', {}],
      ['enhance_image', 'aiImageIntensifier', 'GET', { scale: '2' }],
    ];
    for (const [name, tool, method, body] of runs) {
      const image = await upload(user.id);
      const res =
        method === 'GET'
          ? await call('GET', `/api/v1/img/${name}?${new URLSearchParams({ image, ...(body as Record<string, string>) })}`, token)
          : await call('POST', `/api/v1/img/${name}`, token, { image, ...body });
      if (method === 'GET') expect(res.headers['cache-control']).toBe('no-store');
      const done = await settle(submitted(res), token);
      expect(done, name).toMatchObject({ tool, status: 'succeeded' });
      expect(done.images!.length, name).toBeGreaterThan(0);
    }
    expect(await quotaUsage(t.ctx, user.id, 'draw')).toEqual({ used: 3, reserved: 0 });
    expect(await quotaUsage(t.ctx, user.id, 'draw_enhance')).toEqual({ used: 2, reserved: 0 });
  });

  it('auto_matting and GET matting (one task or the list); txt2qrcode, qrcodes_add, qrcodes and qrcode_info: the caller’s own only', async () => {
    const { token, user } = await t.loginAs();
    const other = await t.loginAs();
    const matting = submitted(await call('POST', '/api/v1/img/auto_matting', token, { image: await upload(user.id) }));
    const one = await call<ImgTaskItem>('GET', `/api/v1/img/matting?task_id=${matting}`, token);
    expect(one.body.data).toMatchObject({ task_id: matting, tool: 'autoMatting' });
    expect(one.body.data.inputs).toHaveProperty('image');
    const cut = await settle(matting, token);
    expect(cut.status).toBe('succeeded');
    const list = (await call<ImgTaskPage>('GET', '/api/v1/img/matting?page=1', token)).body.data;
    expect(list).toMatchObject({ total: 1, page: 1, size: 20 });
    expect(list.list[0]).toMatchObject({ task_id: matting, status: 'succeeded' });
    expect((await call<ImgTaskPage>('GET', '/api/v1/img/matting', other.token)).body.data.total).toBe(0);
    expect((await call('GET', `/api/v1/img/matting?task_id=${matting}`, other.token)).status).toBe(404);

    const qr = submitted(await call('POST', '/api/v1/img/txt2qrcode', token, { content: 'https://example.com/a', prompt: '春天的花园，蝴蝶' }));
    const hidden = submitted(await call('POST', '/api/v1/img/qrcodes_add', token, { content: 'https://example.com/b', prompt: '雪山湖泊，晨雾' }));
    const qrs = (await call<ImgTaskPage>('GET', '/api/v1/img/qrcodes', token)).body.data;
    expect(qrs.list.map((x) => [x.task_id, x.tool])).toEqual([
      [hidden, 'hiddenQrcode'],
      [qr, 'qrcode'],
    ]);
    expect((await call<ImgTaskItem>('GET', `/api/v1/img/qrcode_info?id=${qr}`, token)).body.data).toMatchObject({ task_id: qr, inputs: { content: 'https://example.com/a' } });
    expect((await call('GET', `/api/v1/img/qrcode_info?id=${qr}`, other.token)).status).toBe(404);
    // A matting task is not a QR result, and the other way round.
    expect((await call('GET', `/api/v1/img/qrcode_info?id=${matting}`, token)).body).toMatchObject({ code: 400, msg: MSG.imgNotImageTask });
    expect((await call('GET', `/api/v1/img/matting?task_id=${qr}`, token)).body).toMatchObject({ code: 400, msg: MSG.imgNotImageTask });
    expect((await call('POST', '/api/v1/img/txt2qrcode', token, { prompt: '花园' })).body.code).toBe(400);
    for (const id of [qr, hidden]) await settle(id, token);
  });

  it('face calls refuse in Chinese until a licensed vendor exists; visitors get 401', async () => {
    const { token } = await t.loginAs();
    for (const [method, name] of [
      ['POST', 'face'],
      ['GET', 'faceModel'],
      ['GET', 'faceswapByPhotography'],
      ['GET', 'faceswapByIdentificationPhoto'],
    ] as const) {
      const res = await call(method, `/api/v1/img/${name}`, token, method === 'POST' ? {} : undefined);
      expect([res.status, res.body], name).toEqual([403, { code: Code.FORBIDDEN, msg: MSG.imgFeatureNotEnabled, data: null }]);
      expect((await call(method, `/api/v1/img/${name}`)).status).toBe(401);
    }
  });

  it('prompt: a short idea becomes a drawing prompt; Chinese 400s, an upstream failure, the rate limit', async () => {
    const { token } = await t.loginAs();
    const res = await call<{ prompt: string }>('POST', '/api/v1/img/prompt', token, { prompt: '  雨中的小猫  ' });
    expect(res.status).toBe(200);
    expect(res.body.data.prompt).toContain('雨中的小猫');
    expect(res.body.data.prompt.length).toBeGreaterThan('雨中的小猫'.length + 10);
    expect(res.body.data.prompt).not.toMatch(/\n/);
    expect((await call('POST', '/api/v1/img/prompt', token, { prompt: ' ' })).body).toMatchObject({ code: 400, msg: MSG.imgPromptRequired });
    expect((await call('POST', '/api/v1/img/prompt', token, {})).body).toMatchObject({ code: 400, msg: MSG.imgPromptRequired });
    expect((await call('POST', '/api/v1/img/prompt', token, { prompt: '字'.repeat(501) })).body).toMatchObject({ code: 400, msg: MSG.imgPromptTooLong(500) });
    expect((await call('POST', '/api/v1/img/prompt', token, { prompt: '小狗 [demo:error=500]' })).body).toEqual({ code: Code.FAILED, msg: MSG.imgPromptFailed, data: null });
    expect((await call('POST', '/api/v1/img/prompt', undefined, { prompt: '猫' })).status).toBe(401);

    const busy = await t.loginAs();
    for (let i = 0; i < IMG_PROMPT_PER_MINUTE; i++) expect((await call('POST', '/api/v1/img/prompt', busy.token, { prompt: `第${i}只猫` })).status).toBe(200);
    expect((await call('POST', '/api/v1/img/prompt', busy.token, { prompt: '再来一只' })).body).toMatchObject({ code: Code.RATE_LIMITED, msg: MSG.imgPromptTooFast });
  });

  it('getbase64: the caller’s own image as a data URL, size-capped; another user’s file 404; not an image 400', async () => {
    const { token, user } = await t.loginAs();
    const other = await t.loginAs();
    const bytes = await png(64, 48);
    const file = await save(user.id, 'small.png', 'image/png', bytes);
    const res = await call<{ dataUrl: string; contentType: string; bytes: number }>('GET', `/api/v1/img/getbase64?id=${file.id}`, token);
    expect(res.body.data).toMatchObject({ contentType: 'image/png', bytes: bytes.length });
    expect(res.body.data.dataUrl).toBe(`data:image/png;base64,${bytes.toString('base64')}`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(await call('GET', `/api/v1/img/getbase64?id=${file.id}`, other.token)).toMatchObject({ status: 404, body: { code: 404, msg: MSG.filesNotFound } });
    const pdf = await save(user.id, 'a.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n'));
    expect((await call('GET', `/api/v1/img/getbase64?id=${pdf.id}`, token)).body).toMatchObject({ code: 400, msg: MSG.imgFileNotImage });
    const big = await save(user.id, 'big.png', 'image/png', Buffer.concat([bytes, Buffer.alloc(10 * 1024 * 1024)]));
    expect((await call('GET', `/api/v1/img/getbase64?id=${big.id}`, token)).body).toMatchObject({ code: 400, msg: MSG.imgImageTooLarge(10) });
    expect((await call('GET', '/api/v1/img/getbase64?id=a/b', token)).body).toMatchObject({ code: 400, msg: MSG.imgImageRequired });
  });

  it('ocr/descriptionImage: a file id or a data URL described by the vision model for one chat_image count; bad images refused with nothing charged', async () => {
    const { token, user } = await t.loginAs();
    const other = await t.loginAs();
    const bytes = await png(300, 200, '#2050e0');
    const byUrl = await call<{ description: string }>('POST', '/api/v1/ocr/descriptionImage', token, { image: `data:image/png;base64,${bytes.toString('base64')}` });
    expect(byUrl.body.code, byUrl.body.msg).toBe(200);
    expect(byUrl.body.data.description).toContain('300×200');
    expect(byUrl.body.data.description).toContain('冷蓝');
    const file = await save(user.id, 'blue.png', 'image/png', bytes);
    expect((await call<{ description: string }>('POST', '/api/v1/ocr/descriptionImage', token, { image: file.id })).body.data.description).toContain('提示词：');
    expect(await quotaUsage(t.ctx, user.id, 'chat_image')).toEqual({ used: 2, reserved: 0 });

    const refusals: [unknown, number, string][] = [
      [{ image: '' }, 400, MSG.imgImageRequired],
      [{}, 400, MSG.imgImageRequired],
      [{ image: `data:text/plain;base64,${Buffer.from('hi').toString('base64')}` }, 400, MSG.imgImageInvalid],
      [{ image: `data:image/png;base64,${Buffer.from('not a picture').toString('base64')}` }, 400, MSG.imgImageInvalid],
      [{ image: `data:image/png;base64,${Buffer.alloc(5 * 1024 * 1024 + 10).toString('base64')}` }, 400, MSG.imgImageTooLarge(5)],
      [{ image: 'https://example.com/cat.png' }, 400, MSG.imgImageInvalid],
      [{ image: file.id }, 404, MSG.filesNotFound],
    ];
    for (const [body, status, msg] of refusals) {
      const res = await call('POST', '/api/v1/ocr/descriptionImage', (body as { image?: string }).image === file.id ? other.token : token, body);
      expect([res.status, res.body.msg]).toEqual([status, msg]);
    }
    expect(await quotaUsage(t.ctx, user.id, 'chat_image')).toEqual({ used: 2, reserved: 0 });
    expect((await call('POST', '/api/v1/ocr/descriptionImage', undefined, { image: file.id })).status).toBe(401);
  });
});
