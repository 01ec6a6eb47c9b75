import { randomInt } from 'node:crypto';
import { IMAGE_STYLE_NONE, type ImageSize, type ToolInputs } from '@wanxiang/contract';

/**
 * What an image tool's form becomes in an image job: the prompt (the user's words, then the
 * tool's own words, then the style preset's words: all ours, never a vendor's style name), the
 * size of the field's ratio in pixels, expand margins, a seed. Plain functions of the inputs.
 */

/** The marker that fails a task in demo mode (the demo chat upstream's own), so the refund can be tried. */
export const DEMO_FAILURE_MARKER = '[demo:error=500]';

/** Words of each style preset (the style field's values, plus the style pages' own). */
export const STYLE_WORDS: Readonly<Record<string, string>> = {
  水墨: '中国水墨画风格，宣纸质感，墨色浓淡层次，大面积留白',
  国潮: '国潮风格，中国传统纹样与现代设计结合，红金配色，醒目大气',
  油画: '古典油画风格，厚涂笔触，画布纹理，丰富的光影层次',
  年画: '中国传统年画风格，木版印刷质感，饱和喜庆的色彩，吉祥纹样',
  Q版: 'Q版风格，大头小身，萌系可爱，圆润线条',
  暗黑童话: '暗黑童话风格，哥特氛围，怪诞而精致，冷暗色调，奇幻想象',
  治愈系: '治愈系插画，温暖柔和的色彩，安静美好的氛围',
  简笔画: '简笔画风格，黑色线条，极简造型，白色背景',
  简约: '简约风格，扁平化，大面积留白，少量和谐配色',
  Q版手绘: 'Q版手绘风格，彩铅质感，萌系可爱，手绘线条',
};

/** Pixel sizes of the size field's ratios (multiples of 8; an adapter maps them to its vendor's nearest). */
export const IMAGE_SIZE_PIXELS: Readonly<Record<ImageSize, { width: number; height: number }>> = {
  '1:1': { width: 1024, height: 1024 },
  '3:4': { width: 768, height: 1024 },
  '4:3': { width: 1024, height: 768 },
  '9:16': { width: 720, height: 1280 },
  '16:9': { width: 1280, height: 720 },
};

export const text = (v: ToolInputs[string] | undefined): string => (typeof v === 'string' ? v.trim() : '');

/** The style to paint in: the tool's own (style pages), else the form's, '' for none. */
export function styleOf(inputs: ToolInputs, fixed?: string): string {
  if (fixed) return fixed;
  const picked = text(inputs.style);
  return picked && picked !== IMAGE_STYLE_NONE ? picked : '';
}

/** The prompt the vendor gets: the user's words, the tool's words, the style's words. */
export function composePrompt(userText: string, toolWords: string | undefined, style: string): string {
  return [userText, toolWords, STYLE_WORDS[style]].filter((p): p is string => Boolean(p && p.trim())).join('，');
}

export function sizeOf(inputs: ToolInputs): { width: number; height: number } {
  return IMAGE_SIZE_PIXELS[text(inputs.size) as ImageSize] ?? IMAGE_SIZE_PIXELS['1:1'];
}

/** The form's seed, or a random one: picture i of a submit uses seed + i, so the pictures differ. */
export function seedOf(inputs: ToolInputs): number {
  return typeof inputs.seed === 'number' && Number.isInteger(inputs.seed) ? inputs.seed : randomInt(0, 2 ** 31 - 1_000);
}

/** The strength field (10-90, a percent) as 0-1; undefined when the tool has none. */
export function strengthOf(inputs: ToolInputs): number | undefined {
  return typeof inputs.strength === 'number' ? Math.min(1, Math.max(0, inputs.strength / 100)) : undefined;
}

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * Margins that expand a w×h picture: AI扩图 by its direction and times, AI全景图 to its ratio
 * (wider only; a picture already that wide still gets a little on each side).
 */
export function expandMargins(toolId: string, inputs: ToolInputs, w: number, h: number): Margins {
  const split = (extra: number) => [Math.floor(extra / 2), Math.ceil(extra / 2)] as const;
  if (toolId === 'Aipanorama') {
    const [rw, rh] = text(inputs.ratio || '2:1')
      .split(':')
      .map(Number);
    const target = Math.max(Math.round((h * (rw || 2)) / (rh || 1)), Math.round(w * 1.2));
    const [left, right] = split(target - w);
    return { top: 0, bottom: 0, left, right };
  }
  const times = Number(text(inputs.times)) || 1.5;
  const direction = text(inputs.direction) || 'all';
  const [left, right] = direction === 'vertical' ? [0, 0] : split(Math.round(w * times) - w);
  const [top, bottom] = direction === 'horizontal' ? [0, 0] : split(Math.round(h * times) - h);
  return { top, right, bottom, left };
}
