import sharp from 'sharp';
import { IMG_EFFECTS, MSG, type ImgEffect } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { TaskFailure, type TaskHandler } from '../../jobs';
import { readFileBytes } from '../../modules/files/service';
import { labelImage } from './ai-label';

/**
 * 图片特效 (aiImgEffect, /aiGenerate/aiImgEffect): the server half of the task tool. The effect is
 * done locally with sharp (no vendor, so no vendor key is needed); the result keeps the input's
 * format, carries the AI-content labels and is stored in the file store for the task's owner.
 * Demo fault marker: in demo mode an upload whose file name carries [demo:error=500] fails the
 * task (and refunds), so the refund path can be tried from the UI.
 */

/** Most pixels decoded (a decompression bomb is refused, as for chat images). */
const MAX_INPUT_PIXELS = 100_000_000;
/** Longest side of a result; larger inputs are scaled down first. */
const MAX_SIDE = 4096;
const DEMO_FAILURE = '[demo:error=500]';

const SEPIA: sharp.Matrix3x3 = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];
const WARM: sharp.Matrix3x3 = [
  [1.1, 0.05, 0],
  [0, 1.0, 0],
  [0, 0, 0.82],
];
const COOL: sharp.Matrix3x3 = [
  [0.85, 0, 0],
  [0, 1.0, 0.05],
  [0, 0.05, 1.15],
];

/** Apply one effect to a decoded (and oriented, size-capped) image; answers PNG bytes. */
export async function applyEffect(input: Buffer, effect: ImgEffect): Promise<Buffer> {
  const base = sharp(input).removeAlpha();
  const { width = 1, height = 1 } = await sharp(input).metadata();
  switch (effect) {
    case 'grayscale':
      return base.grayscale().png().toBuffer();
    case 'sketch': {
      // Pencil sketch: a blurred negative colour-dodged onto the grey image.
      const grey = await base.clone().grayscale().png().toBuffer();
      const dodge = await sharp(grey).negate().blur(Math.max(2, Math.round(width / 120))).png().toBuffer();
      return sharp(grey).composite([{ input: dodge, blend: 'colour-dodge' }]).grayscale().png().toBuffer();
    }
    case 'vintage':
      return base.recomb(SEPIA).modulate({ brightness: 0.95 }).png().toBuffer();
    case 'oil':
      return base.median(Math.max(3, Math.round(width / 200) | 1)).modulate({ saturation: 1.35 }).sharpen({ sigma: 1.2 }).png().toBuffer();
    case 'pixel': {
      const block = Math.max(4, Math.round(Math.max(width, height) / 64));
      const small = await base.resize({ width: Math.max(1, Math.round(width / block)), height: Math.max(1, Math.round(height / block)), kernel: 'nearest' }).png().toBuffer();
      return sharp(small).resize({ width, height, kernel: 'nearest' }).png().toBuffer();
    }
    case 'softfocus': {
      const blurred = await base.clone().blur(Math.max(2, width / 150)).png().toBuffer();
      return base.composite([{ input: blurred, blend: 'soft-light' }]).modulate({ brightness: 1.04 }).png().toBuffer();
    }
    case 'invert':
      return base.negate().png().toBuffer();
    case 'sharpen':
      return base.sharpen({ sigma: 2 }).png().toBuffer();
    case 'warm':
      return base.recomb(WARM).png().toBuffer();
    case 'cool':
      return base.recomb(COOL).png().toBuffer();
  }
}

const OUTPUT: Record<string, { ext: string; type: string; format: 'png' | 'jpeg' | 'webp' }> = {
  'image/png': { ext: 'png', type: 'image/png', format: 'png' },
  'image/jpeg': { ext: 'jpg', type: 'image/jpeg', format: 'jpeg' },
  'image/webp': { ext: 'webp', type: 'image/webp', format: 'webp' },
};

const baseName = (name: string) => (name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name).slice(0, 80) || 'image';

export function imgEffectHandler(ctx: Pick<AppContext, 'database' | 'storage' | 'llm'>): TaskHandler {
  return {
    name: 'aiImgEffect',
    timeoutMs: 120_000,
    async run(task, tools) {
      const effect = String(task.inputs.effect) as ImgEffect;
      const label = IMG_EFFECTS.find((e) => e.value === effect)?.label;
      if (!label) throw new TaskFailure(MSG.taskFieldInvalid('特效'));
      await tools.progress(10, '读取原图');
      const { file, data } = await readFileBytes(ctx, task.userId, String(task.inputs.image)).catch(() => {
        throw new TaskFailure(MSG.taskFileMissing('原图'));
      });
      if (ctx.llm.demo && file.name.includes(DEMO_FAILURE)) throw new TaskFailure(MSG.imgEffectDemoFailure);
      let oriented: Buffer;
      try {
        oriented = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
          .autoOrient()
          .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
          .png()
          .toBuffer();
      } catch {
        throw new TaskFailure(MSG.imgEffectUnreadable);
      }
      tools.signal.throwIfAborted();
      await tools.progress(35, `应用特效：${label}`);
      const applied = await applyEffect(oriented, effect);
      tools.signal.throwIfAborted();
      await tools.progress(75, '添加 AI 生成标识');
      const { width = 1 } = await sharp(applied).metadata();
      const out = OUTPUT[file.contentType] ?? OUTPUT['image/png']!;
      const labelled = await labelImage(sharp(applied), width, task.id);
      const body = await labelled.toFormat(out.format, out.format === 'png' ? {} : { quality: 90 }).toBuffer();
      tools.signal.throwIfAborted();
      await tools.progress(90, '保存结果');
      const saved = await tools.saveFile({ name: `${baseName(file.name)}-${label}.${out.ext}`, contentType: out.type, body });
      return { files: [saved] };
    },
  };
}
