import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { COVER_PLATFORMS, DESIGN_TASK_TOOLS, MSG, RED_COVER, toolById } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import type { ImageBackend } from '../../infra/images';
import { TaskFailure, type TaskRow } from '../../jobs';
import { readFileBytes } from '../../modules/files/service';
import { coverDesign, iconDesign, logoDesign, redCoverDesign } from './design-layouts';
import { signatureDesign } from './design-sign';
import { DESIGN_LOOKS } from './design-styles';
import { iconGlyph, wrapEven, wrapText } from './design-text';
import { designToolHandlers } from './design-tool';
import { findTaskHandler } from './index';
import { runningTask } from '../../jobs/testing/engine';
import { recordingTools } from './testing/recording-tools';

/**
 * The design tools' handler run directly (no queue) against the demo painter: each tool's designs
 * have the tool's size, our words really are on them (a design differs from the same picture laid
 * out without words, in the layout's text place only), logos and signatures are transparent where
 * nothing is drawn, and every file carries both AI-content labels. DESIGN_SHOTS=<dir> writes the
 * designs there to look at.
 */
describe('design tool handlers', () => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    userId = (await t.loginAs()).user.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const taskOf = (toolId: string, inputs: TaskRow['inputs'], extra: Partial<TaskRow> = {}): TaskRow => runningTask(userId, toolId, inputs, extra);

  const toolsFor = (task: TaskRow) => recordingTools(t.ctx, task);

  /** The form's defaults plus the given values. */
  const inputsOf = (id: string, given: TaskRow['inputs']): TaskRow['inputs'] => {
    const inputs: TaskRow['inputs'] = {};
    for (const f of toolById(id)!.fields) if (f.default !== undefined) inputs[f.name] = f.default;
    return { ...inputs, ...given };
  };

  async function run(id: string, given: TaskRow['inputs'], ctx = t.ctx) {
    const task = taskOf(id, inputsOf(id, given));
    const { tools, seen } = toolsFor(task);
    const outcome = await designToolHandlers(ctx)
      .find((h) => h.name === id)!
      .run(task, tools);
    const files = await Promise.all(
      outcome.files.map(async (f) => {
        const { data } = await readFileBytes(t.ctx, userId, f.id);
        if (process.env.DESIGN_SHOTS) await writeFile(`${process.env.DESIGN_SHOTS}/${task.id}-${f.name}`, data);
        return { file: f, data, meta: await sharp(data).metadata() };
      }),
    );
    return { task, files, seen };
  }

  const alphaAt = async (png: Buffer, left: number, top: number) => (await sharp(png).extract({ left, top, width: 1, height: 1 }).ensureAlpha().raw().toBuffer())[3];

  /** The share of pixels of a region that differ (any channel by more than 24) between two same-sized pictures. */
  async function changed(a: Buffer, b: Buffer, region?: { left: number; top: number; width: number; height: number }): Promise<number> {
    const raw = async (p: Buffer) => (region ? sharp(p).extract(region) : sharp(p)).ensureAlpha().raw().toBuffer();
    const [x, y] = [await raw(a), await raw(b)];
    let n = 0;
    for (let i = 0; i < x.length; i += 4) if ([0, 1, 2, 3].some((k) => Math.abs(x[i + k]! - y[i + k]!) > 24)) n++;
    return n / (x.length / 4);
  }

  it('registers one handler per design tool', () => {
    expect(DESIGN_TASK_TOOLS.map((d) => d.id)).toEqual(['aiicon', 'ailogo', 'aicover', 'airedcover', 'aisign']);
    for (const d of DESIGN_TASK_TOOLS) expect(findTaskHandler(t.ctx, d.id)?.name, d.id).toBe(d.id);
  });

  it('makes each tool its designs at its size, count variants stored one by one, all labelled', async () => {
    const cases: [string, TaskRow['inputs'], { width: number; height: number }, boolean][] = [
      ['aiicon', { name: '象', text: '记账应用', count: 2 }, { width: 1024, height: 1024 }, true],
      ['ailogo', { brand: '万象咖啡', slogan: '每一杯都认真', count: 1 }, { width: 1600, height: 560 }, true],
      ['ailogo', { brand: '万象咖啡', layout: 'stacked', background: 'white', count: 1 }, { width: 1024, height: 1200 }, false],
      ['ailogo', { brand: '万象咖啡', layout: 'mark', count: 1 }, { width: 1024, height: 1024 }, true],
      ['airedcover', { title: '新年快乐', signature: '万象团队 敬贺', count: 1 }, { width: RED_COVER.width, height: RED_COVER.height }, false],
      ['aisign', { name: '张三丰', count: 4 }, { width: 0, height: 0 }, true],
      ...COVER_PLATFORMS.map((p) => ['aicover', { title: '三天两晚杭州攻略', subtitle: '人均 800 玩遍西湖', platform: p.value, count: 1 }, { width: p.width, height: p.height }, false] as const),
    ].map((c) => [...c] as [string, TaskRow['inputs'], { width: number; height: number }, boolean]);
    for (const [id, given, size, transparent] of cases) {
      const { task, files, seen } = await run(id, given);
      const label = `${id} ${JSON.stringify(given)}`;
      expect(files, label).toHaveLength(Number(given.count));
      expect(seen.saved.map((f) => f.id), label).toEqual(files.map((f) => f.file.id));
      for (const { data, meta, file } of files) {
        expect(meta.format, label).toBe('png');
        expect(file.contentType, label).toBe('image/png');
        if (size.width) expect({ width: meta.width, height: meta.height }, label).toEqual(size);
        // Both AI-content labels: the implicit one readable from the stored file's metadata.
        expect(meta.xmp?.toString(), label).toContain(`"ProduceID":"${task.id}"`);
        expect(meta.exif?.toString('latin1'), label).toContain('AIGC=');
        // Transparent PNGs are transparent where nothing is drawn (the top-left corner), the others opaque.
        expect(await alphaAt(data, 0, 0), label).toBe(transparent ? 0 : 255);
      }
      expect(seen.progress, label).toEqual([...seen.progress].sort((a, b) => a - b));
      expect(Math.max(...seen.progress), label).toBeLessThan(100);
    }
  }, 240_000);

  it('sets our words on the picture: each layout differs from the same picture without words, where its words go', async () => {
    const scene = await sharp({ create: { width: 1280, height: 1280, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
    const look = DESIGN_LOOKS['简约'];
    // Icon: the glyph sits in the middle.
    const icon = [await iconDesign(scene, '象', look), await iconDesign(scene, '', look)] as const;
    expect(await changed(icon[0], icon[1], { left: 362, top: 362, width: 300, height: 300 })).toBeGreaterThan(0.2);
    expect(await changed(icon[0], icon[1], { left: 0, top: 0, width: 150, height: 150 })).toBe(0);
    // Logo: the wordmark right of the mark, nothing drawn there without it.
    const logo = [await logoDesign(scene, '万象咖啡', '每一杯都认真', 'horizontal', look, false), await logoDesign(scene, '', '', 'horizontal', look, false)] as const;
    expect(await changed(logo[0], logo[1], { left: 570, top: 100, width: 970, height: 360 })).toBeGreaterThan(0.05);
    expect(await changed(logo[0], logo[1], { left: 60, top: 60, width: 440, height: 440 })).toBe(0);
    // Cover: the title in the top part of a tall cover, the bottom untouched.
    const tall = [await coverDesign(scene, 1242, 1660, '三天两晚杭州攻略', '人均 800', look), await coverDesign(scene, 1242, 1660, '', '', look)] as const;
    expect(await changed(tall[0], tall[1], { left: 100, top: 166, width: 1042, height: 300 })).toBeGreaterThan(0.1);
    expect(await changed(tall[0], tall[1], { left: 0, top: 1300, width: 1242, height: 360 })).toBe(0);
    // Wide cover: the title on the left, the right side untouched.
    const wide = [await coverDesign(scene, 900, 383, '三天两晚杭州攻略', '', look), await coverDesign(scene, 900, 383, '', '', look)] as const;
    expect(await changed(wide[0], wide[1], { left: 54, top: 60, width: 460, height: 260 })).toBeGreaterThan(0.1);
    expect(await changed(wide[0], wide[1], { left: 640, top: 0, width: 260, height: 383 })).toBe(0);
    // Red cover: the blessing in the top safe area; nothing where WeChat draws 「开」 and the sender.
    const red = [await redCoverDesign(scene, '新年快乐', '万象团队', DESIGN_LOOKS['国潮']), await redCoverDesign(scene, '', '', DESIGN_LOOKS['国潮'])] as const;
    const { width: W, height: H } = RED_COVER;
    expect(await changed(red[0], red[1], { left: 80, top: Math.round(H * 0.1), width: W - 160, height: Math.round(H * 0.3) })).toBeGreaterThan(0.1);
    const below = Math.round(H * RED_COVER.buttonTop);
    expect(await changed(red[0], red[1], { left: 0, top: below, width: W, height: H - below })).toBe(0);
  }, 60_000);

  it('writes a signature in ink on a transparent canvas, each variant its own, the same seed the same', async () => {
    const a = await signatureDesign('张三丰', '行楷', '#111111', 1);
    const b = await signatureDesign('张三丰', '行楷', '#111111', 2);
    const again = await signatureDesign('张三丰', '行楷', '#111111', 1);
    expect(a.equals(again)).toBe(true);
    expect(a.equals(b)).toBe(false);
    const meta = await sharp(a).metadata();
    expect(meta.hasAlpha).toBe(true);
    // Wider than tall (a name in a line), with ink: a share of opaque pixels, and transparent margins.
    expect(meta.width!).toBeGreaterThan(meta.height!);
    const alpha = await sharp(a).extractChannel(3).raw().toBuffer();
    const inked = alpha.filter((v) => v > 200).length / alpha.length;
    expect(inked).toBeGreaterThan(0.03);
    expect(inked).toBeLessThan(0.6);
    // The four styles differ from each other.
    const styles = await Promise.all((['行楷', '连笔', '艺术', '商务'] as const).map((s) => signatureDesign('李白', s, '#1e3a8a', 5)));
    expect(new Set(styles.map((s) => s.toString('base64'))).size).toBe(4);
  });

  it('sets words the way a layout needs them: icon glyphs and wrapped titles', () => {
    expect(iconGlyph('万象')).toBe('万象');
    expect(iconGlyph('万象设计')).toBe('万');
    expect(iconGlyph('Wan Xiang')).toBe('WX');
    expect(iconGlyph('AI')).toBe('AI');
    expect(iconGlyph('wanxiang')).toBe('W');
    expect(wrapText('三天两晚杭州攻略', 400, 100, 3)).toEqual(['三天两晚', '杭州攻略']);
    expect(wrapText('Hello wonderful world', 330, 100, 3)).toEqual(['Hello', 'wonderful', 'world']);
    expect(wrapText('一二三四五六七八九十', 300, 100, 2)).toEqual(['一二三', '四五…']);
    expect(wrapText('三天两晚杭州攻略', 520, 100, 3)).toEqual(['三天两晚杭', '州攻略']);
    expect(wrapEven('三天两晚杭州攻略', 520, 100, 3)).toEqual(['三天两晚', '杭州攻略']);
  });

  it('fails in Chinese: no image vendor (the signature still works), the demo fault', async () => {
    const none: ImageBackend = { demo: false, route: () => null };
    await expect(run('aicover', { title: '标题' }, { ...t.ctx, images: none })).rejects.toEqual(new TaskFailure(MSG.imgNotEnabled('AI封面')));
    expect((await run('aisign', { name: '王五', count: 1 }, { ...t.ctx, images: none })).files).toHaveLength(1);
    await expect(run('airedcover', { title: '大吉', text: '灯笼 [demo:error=500]' })).rejects.toEqual(new TaskFailure(MSG.imgDemoFailure));
  }, 60_000);

  it('keeps the variants an earlier claim stored and makes only the rest', async () => {
    const first = await run('aiicon', { name: 'AI', count: 2, seed: 3 });
    const task = taskOf('aiicon', inputsOf('aiicon', { name: 'AI', count: 2, seed: 3 }), { result: { files: [first.files[0]!.file] } });
    const { tools, seen } = toolsFor(task);
    const outcome = await designToolHandlers(t.ctx)
      .find((h) => h.name === 'aiicon')!
      .run(task, tools);
    expect(outcome.files[0]).toEqual(first.files[0]!.file);
    expect(seen.saved).toHaveLength(1);
  }, 60_000);
});
