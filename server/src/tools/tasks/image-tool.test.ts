import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { FACE_TOOL_IDS, IMAGE_TOOLS, MSG, toolById, type TaskFile } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import type { ImageAdapter, ImageBackend } from '../../infra/images';
import { TaskFailure, type TaskHandler, type TaskRow } from '../../jobs';
import { readFileBytes, saveFile } from '../../modules/files/service';
import { findTaskHandler } from './index';
import { imageToolHandlers } from './image-tool';
import { plainQrCode, readQrCode } from './qr';
import { runningTask } from '../../jobs/testing/engine';
import { recordingTools } from './testing/recording-tools';

/**
 * The image tools' handlers run directly (no queue) against the demo painter: every tool's
 * pictures are real PNG/WebP files with both AI-content labels, art QR codes scan (and are painted
 * again with a stronger code when they do not), and the failures say in Chinese what happened.
 */
describe('image tool handlers', () => {
  let t: TestApp;
  let userId: number;
  let photo: string;
  let mask: string;
  let notAPicture: string;

  const upload = async (name: string, contentType: string, body: Buffer) => (await saveFile(t.ctx, { userId, name, contentType, body, purpose: 'upload' })).id;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    userId = (await t.loginAs()).user.id;
    const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#5577aa' } })
      .composite([{ input: Buffer.from('<svg width="320" height="240"><circle cx="160" cy="120" r="70" fill="#ffcc00"/></svg>') }])
      .jpeg()
      .toBuffer();
    photo = await upload('photo.jpg', 'image/jpeg', picture);
    // White strokes on black: the part to repaint.
    const painted = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#000' } })
      .composite([{ input: Buffer.from('<svg width="320" height="240"><rect x="120" y="80" width="80" height="60" fill="#fff"/></svg>') }])
      .png()
      .toBuffer();
    mask = await upload('mask.png', 'image/png', painted);
    notAPicture = await upload('fake.png', 'image/png', Buffer.from('GIF89a not really a picture'));
  }, 120_000);
  afterAll(async () => t?.close());

  const taskOf = (toolId: string, inputs: TaskRow['inputs'], extra: Partial<TaskRow> = {}): TaskRow => runningTask(userId, toolId, inputs, extra);

  /** Tools that record what the handler reported and store files in the real file store. */
  const toolsFor = (task: TaskRow) => recordingTools(t.ctx, task);

  const handlerOf = (id: string, ctx: Parameters<typeof imageToolHandlers>[0] = t.ctx): TaskHandler => imageToolHandlers(ctx).find((h) => h.name === id)!;

  /** The inputs a run of the tool needs: its required fields filled. */
  function inputsFor(id: string): TaskRow['inputs'] {
    const inputs: TaskRow['inputs'] = {};
    for (const f of toolById(id)!.fields) {
      if (f.default !== undefined) inputs[f.name] = f.default;
      if (f.type === 'image' && (f.required || f.name === 'image')) inputs[f.name] = photo;
      if (f.type === 'mask') inputs[f.name] = mask;
      if (f.name === 'text') inputs.text = '湖边的小木屋，清晨薄雾';
      if (f.name === 'content') inputs.content = 'https://example.com/wanxiang';
      if (f.type === 'consent') inputs[f.name] = true;
    }
    return inputs;
  }

  async function stored(file: TaskFile) {
    const { data } = await readFileBytes(t.ctx, userId, file.id);
    return { data, meta: await sharp(data).metadata() };
  }

  const pictureTools = IMAGE_TOOLS.filter((tool) => !FACE_TOOL_IDS.includes(tool.id) && tool.id !== 'ImageReversWord');

  it('every picture tool makes real labelled pictures with the demo painter, saved as it goes', async () => {
    expect(pictureTools.length).toBeGreaterThanOrEqual(33);
    for (const tool of pictureTools) {
      const task = taskOf(tool.id, inputsFor(tool.id));
      const { tools, seen } = toolsFor(task);
      const outcome = await handlerOf(tool.id).run(task, tools);
      expect(outcome.files.length, tool.id).toBe(1);
      expect(seen.saved.map((f) => f.id), tool.id).toEqual(outcome.files.map((f) => f.id));
      const { data, meta } = await stored(outcome.files[0]!);
      expect(['png', 'webp'], tool.id).toContain(meta.format);
      expect(outcome.files[0]!.contentType, tool.id).toBe(`image/${meta.format}`);
      expect(meta.xmp?.toString(), tool.id).toContain(`"ProduceID":"${task.id}"`);
      expect(meta.exif?.toString('latin1'), tool.id).toContain('AIGC=');
      expect(data.length, tool.id).toBeGreaterThan(1000);
      // Progress only grows and stays below the engine's 100.
      expect(seen.progress, tool.id).toEqual([...seen.progress].sort((a, b) => a - b));
      expect(Math.max(...seen.progress), tool.id).toBeLessThan(100);
    }
  }, 240_000);

  it('follows each operation: sizes of upscale, expand and the size field; a cut-out keeps its alpha', async () => {
    const run = async (id: string, extra: TaskRow['inputs']) => {
      const task = taskOf(id, { ...inputsFor(id), ...extra });
      const outcome = await handlerOf(id).run(task, toolsFor(task).tools);
      return stored(outcome.files[0]!);
    };
    expect((await run('aiImageIntensifier', { scale: '4' })).meta).toMatchObject({ width: 1280, height: 960 });
    expect((await run('AiExpandedImage', { direction: 'horizontal', times: '2' })).meta).toMatchObject({ width: 640, height: 240 });
    expect((await run('Aipanorama', { ratio: '3:1' })).meta).toMatchObject({ width: 720, height: 240 });
    expect((await run('text2image', { size: '16:9' })).meta).toMatchObject({ width: 1280, height: 720 });
    const cut = await run('autoMatting', {});
    expect(cut.meta).toMatchObject({ format: 'png', hasAlpha: true, width: 320, height: 240 });
    // Outside the subject the cut-out is transparent, inside it is opaque.
    const alphaAt = async (left: number, top: number) => [...(await sharp(cut.data).extract({ left, top, width: 4, height: 4 }).extractChannel(3).raw().toBuffer())];
    expect(await alphaAt(0, 100)).toEqual(Array(16).fill(0));
    expect(await alphaAt(158, 118)).toEqual(Array(16).fill(255));
  }, 60_000);

  it('text to image: count pictures, each stored as soon as it is ready, with different seeds', async () => {
    const task = taskOf('text2image', { ...inputsFor('text2image'), count: 3, seed: 7 });
    const { tools, seen } = toolsFor(task);
    const outcome = await handlerOf('text2image').run(task, tools);
    expect(outcome.files).toHaveLength(3);
    expect(seen.stages).toContain(MSG.imgStagePaintingOne(3, 3));
    const bodies = await Promise.all(outcome.files.map(async (f) => (await stored(f)).data.toString('base64')));
    expect(new Set(bodies).size).toBe(3);
    // A task claimed again keeps the pictures an earlier claim stored and paints only the rest.
    const again = taskOf('text2image', { ...inputsFor('text2image'), count: 3, seed: 7 }, { result: { files: outcome.files.slice(0, 2) } });
    const second = toolsFor(again);
    const resumed = await handlerOf('text2image').run(again, second.tools);
    expect(resumed.files.slice(0, 2)).toEqual(outcome.files.slice(0, 2));
    expect(second.seen.saved).toHaveLength(1);
  }, 60_000);

  it('art QR codes scan after labelling, carrying the text given', async () => {
    for (const id of ['qrcode', 'hiddenQrcode']) {
      const content = id === 'qrcode' ? 'https://example.com/活动?id=42' : '万象 AI 隐藏图';
      const task = taskOf(id, { ...inputsFor(id), content });
      const outcome = await handlerOf(id).run(task, toolsFor(task).tools);
      expect(await readQrCode((await stored(outcome.files[0]!)).data), id).toBe(content);
    }
    const plain = await plainQrCode('hello', 256);
    expect(await readQrCode(plain.bytes)).toBe('hello');
  }, 60_000);

  /** A backend whose qrcode operation is the given adapter; everything else as the demo painter. */
  const withQrAdapter = (adapter: ImageAdapter): ImageBackend => ({ demo: false, route: (op) => (op === 'qrcode' ? { adapter, model: 'fake' } : t.ctx.images.route(op)) });

  it('a QR picture that does not scan is painted again with a stronger code; never scanning fails the task', async () => {
    const painter = t.ctx.images.route('qrcode')!.adapter;
    const strengths: number[] = [];
    // Scrambles the first two tries (a picture that hides the code), paints the third normally.
    const flaky: ImageAdapter = {
      vendor: 'fake',
      supports: () => true,
      async run(job, ctx) {
        strengths.push(job.strength!);
        if (strengths.length <= 2) return [{ bytes: await sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#88aa66' } }).png().toBuffer(), mime: 'image/png', width: 1024, height: 1024 }];
        return painter.run(job, ctx);
      },
    };
    const task = taskOf('qrcode', inputsFor('qrcode'));
    const { tools, seen } = toolsFor(task);
    const outcome = await handlerOf('qrcode', { ...t.ctx, images: withQrAdapter(flaky) }).run(task, tools);
    expect(strengths).toHaveLength(3);
    expect(strengths[1]).toBeLessThan(strengths[0]!);
    expect(strengths[2]).toBeLessThan(strengths[1]!);
    expect(seen.stages).toContain(MSG.imgStageQrRetry(2));
    expect(await readQrCode((await stored(outcome.files[0]!)).data)).toBe('https://example.com/wanxiang');

    strengths.length = 0;
    const never: ImageAdapter = { ...flaky, run: async (job) => (strengths.push(job.strength!), [{ bytes: await sharp({ create: { width: 512, height: 512, channels: 3, background: '#fff' } }).png().toBuffer(), mime: 'image/png', width: 512, height: 512 }]) };
    const failing = taskOf('qrcode', inputsFor('qrcode'));
    const second = toolsFor(failing);
    await expect(handlerOf('qrcode', { ...t.ctx, images: withQrAdapter(never) }).run(failing, second.tools)).rejects.toEqual(new TaskFailure(MSG.imgQrNeverScans));
    expect(strengths).toHaveLength(4);
    expect(second.seen.saved).toHaveLength(0);
  }, 60_000);

  it('keeps an adapter’s vendor state per job and hands it back to a re-claimed task', async () => {
    const resumed: unknown[] = [];
    const painter = t.ctx.images.route('generate')!.adapter;
    const polling: ImageAdapter = {
      vendor: 'fake',
      supports: () => true,
      async run(job, ctx) {
        resumed.push(ctx.resumeState);
        await ctx.keepVendorState({ vendorTaskId: `v-${job.seed}` });
        return painter.run(job, ctx);
      },
    };
    const images: ImageBackend = { demo: false, route: () => ({ adapter: polling, model: 'm' }) };
    const task = taskOf('text2image', { ...inputsFor('text2image'), count: 2, seed: 100 }, { vendor: { jobs: { '1': { vendorTaskId: 'v-earlier' } } } });
    const { tools, seen } = toolsFor(task);
    await handlerOf('text2image', { ...t.ctx, images }).run(task, tools);
    expect(resumed).toEqual([undefined, { vendorTaskId: 'v-earlier' }]);
    expect(seen.vendor.at(-1)).toEqual({ jobs: { '0': { vendorTaskId: 'v-100' }, '1': { vendorTaskId: 'v-101' } } });
  }, 30_000);

  it('fails in Chinese: no vendor for the operation, a vendor refusal, an unreadable picture, an empty mask, the demo fault', async () => {
    const run = (id: string, inputs: TaskRow['inputs'], ctx = t.ctx) => {
      const task = taskOf(id, inputs);
      return handlerOf(id, ctx).run(task, toolsFor(task).tools);
    };
    const none: ImageBackend = { demo: false, route: () => null };
    await expect(run('text2image', inputsFor('text2image'), { ...t.ctx, images: none })).rejects.toEqual(new TaskFailure(MSG.imgNotEnabled('文生图')));
    await expect(run('productUpdateBackground', inputsFor('productUpdateBackground'), { ...t.ctx, images: none })).rejects.toEqual(new TaskFailure(MSG.imgNotEnabled('商品换背景')));
    const { ImageError } = await import('../../infra/images');
    const refusing: ImageBackend = {
      demo: false,
      route: () => ({ adapter: { vendor: 'x', supports: () => true, run: () => Promise.reject(new ImageError('content_refused', 'refused')) }, model: 'm' }),
    };
    await expect(run('image2image', inputsFor('image2image'), { ...t.ctx, images: refusing })).rejects.toEqual(new TaskFailure(MSG.imgContentRefused));
    await expect(run('image2image', { ...inputsFor('image2image'), image: notAPicture })).rejects.toEqual(new TaskFailure(MSG.imgUnreadable('原图')));
    const gif = await upload('anim.gif', 'image/gif', await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } }).gif().toBuffer());
    await expect(run('image2image', { ...inputsFor('image2image'), image: gif })).rejects.toEqual(new TaskFailure(MSG.imgWrongType('原图')));
    const blank = await upload('blank.png', 'image/png', await sharp({ create: { width: 32, height: 32, channels: 3, background: '#000' } }).png().toBuffer());
    await expect(run('aiImageErase', { ...inputsFor('aiImageErase'), mask: blank })).rejects.toEqual(new TaskFailure(MSG.imgMaskEmpty));
    await expect(run('text2image', { ...inputsFor('text2image'), text: '小猫 [demo:error=500]' })).rejects.toEqual(new TaskFailure(MSG.imgDemoFailure));
    // A tool without a prompt takes the marker from its picture's file name.
    const marked = await upload('故障[demo:error=500].png', 'image/png', await sharp({ create: { width: 32, height: 32, channels: 3, background: '#888' } }).png().toBuffer());
    await expect(run('aiImageIntensifier', { ...inputsFor('aiImageIntensifier'), image: marked })).rejects.toEqual(new TaskFailure(MSG.imgDemoFailure));
    await expect(run('aiImageIntensifier', { ...inputsFor('aiImageIntensifier'), image: marked }, { ...t.ctx, images: { ...t.ctx.images, demo: false } })).resolves.toMatchObject({ files: [expect.anything()] });
    // Another user's file reads as missing.
    const stranger = (await t.loginAs()).user.id;
    const theirs = (await saveFile(t.ctx, { userId: stranger, name: 'x.png', contentType: 'image/png', body: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } }).png().toBuffer(), purpose: 'upload' })).id;
    await expect(run('image2image', { ...inputsFor('image2image'), image: theirs })).rejects.toEqual(new TaskFailure(MSG.taskFileMissing('原图')));
  }, 60_000);

  it('face tools fail at once: no commercially licensed face vendor is enabled', async () => {
    for (const id of FACE_TOOL_IDS) {
      const task = taskOf(id, inputsFor(id));
      const { tools, seen } = toolsFor(task);
      await expect(findTaskHandler(t.ctx, id)!.run(task, tools)).rejects.toEqual(new TaskFailure(MSG.imgFaceNotEnabled(toolById(id)!.title)));
      expect(seen.saved).toHaveLength(0);
    }
  });

  it('反推提示词: a vision model of the chat catalog (the demo upstream here) writes the prompt: text and a .txt file', async () => {
    for (const language of ['zh', 'en'] as const) {
      const task = taskOf('ImageReversWord', { image: photo, language });
      const outcome = await findTaskHandler(t.ctx, 'ImageReversWord')!.run(task, toolsFor(task).tools);
      expect(outcome.text).toContain(language === 'zh' ? '（演示）一幅横向画面（320×240）' : '(demo) a landscape 320x240 picture');
      const { data } = await readFileBytes(t.ctx, userId, outcome.files[0]!.id);
      expect(outcome.files[0]).toMatchObject({ name: '图片反推提示词.txt' });
      expect(data.toString('utf8')).toBe(`${outcome.text}\n\n${MSG.aiDisclaimer}\n`);
    }
  }, 60_000);

  it('a style page needs a photo or a prompt, refused at submit before anything is held', () => {
    const handler = handlerOf('aiInkandWash');
    expect(handler.refuse?.({ strength: 65 })).toBe(MSG.imgNeedTextOrImage);
    expect(handler.refuse?.({ text: '山水' })).toBeNull();
    expect(handler.refuse?.({ image: photo })).toBeNull();
  });
});
