import { DESIGN_STYLES, type DesignStyle } from '@wanxiang/contract';
import { SANS, SERIF } from './design-text';

/**
 * What each design style preset means (ours): words added to the picture's prompt, and the look
 * of the words we set on it (ink, outline, the accent of plates and pills, the typeface). The
 * picture's prompt never asks for text: models draw Chinese characters badly, so the tool sets them.
 */
export interface DesignLook {
  words: string;
  /** Text colour on the picture, its outline, an accent (plates, pills), and the ink on white. */
  ink: string;
  outline: string;
  accent: string;
  onWhite: string;
  font: string;
}

export const DESIGN_LOOKS: Readonly<Record<DesignStyle, DesignLook>> = {
  简约: { words: '极简设计，干净的背景，少量和谐配色，大面积留白', ink: '#ffffff', outline: '#1f2937', accent: '#2563eb', onWhite: '#1f2937', font: SANS },
  渐变: { words: '流畅的渐变色彩，柔和光感，现代扁平设计', ink: '#ffffff', outline: '#3b0764', accent: '#7c3aed', onWhite: '#4c1d95', font: SANS },
  科技: { words: '科技感，深色背景，霓虹蓝光线条，未来感几何图形', ink: '#e0f2fe', outline: '#0c4a6e', accent: '#0ea5e9', onWhite: '#0c4a6e', font: SANS },
  国潮: { words: '国潮风格，中国传统纹样与现代设计结合，红金配色，祥云', ink: '#ffe7a3', outline: '#7f1d1d', accent: '#b91c1c', onWhite: '#991b1b', font: SERIF },
  可爱: { words: '可爱卡通风格，圆润造型，明亮的糖果色', ink: '#ffffff', outline: '#be185d', accent: '#ec4899', onWhite: '#be185d', font: SANS },
  复古: { words: '复古海报风格，做旧纸张质感，暖色调，颗粒感', ink: '#fff7e6', outline: '#78350f', accent: '#b45309', onWhite: '#78350f', font: SERIF },
  水墨: { words: '中国水墨画风格，宣纸质感，墨色浓淡层次，大面积留白', ink: '#111111', outline: '#f5f5f0', accent: '#8b1e1e', onWhite: '#111111', font: SERIF },
};

export function designLook(style: string, fallback: DesignStyle): DesignLook {
  return (DESIGN_STYLES as readonly string[]).includes(style) ? DESIGN_LOOKS[style as DesignStyle] : DESIGN_LOOKS[fallback];
}
