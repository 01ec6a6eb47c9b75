import { stream } from '../../infra/images/demo-painter';
import sharp from 'sharp';
import type { SignStyle } from '@wanxiang/contract';
import { SANS, SERIF, charEm, xmlText } from './design-text';

/**
 * AI签名: the name set as a hand would write it, with the fonts the server has (no handwriting
 * font ships with the system; docs/deploy.md): each character placed on its own with a slant,
 * a rising baseline, a little turn and size change of its own (from a seeded stream, so each
 * variant differs and the same seed repeats), characters run into each other, and a pen stroke
 * under the name. A transparent PNG cropped to the ink with a margin.
 */

export const SIGN_INKS: Readonly<Record<string, string>> = { black: '#111111', navy: '#1e3a8a', red: '#b91c1c' };

interface Hand {
  font: string;
  weight: 'bold' | 'normal';
  /** Slant (degrees of skewX), advance per character (em), rise of the baseline (em per character). */
  skew: number;
  advance: number;
  rise: number;
  /** Turn (degrees) and size (fraction) a character may vary by. */
  turn: number;
  vary: number;
  /** The first character larger (艺术签). */
  lead: number;
  /** Outline added to thicken thin strokes (px per 100 px of size). */
  weightUp: number;
  /** The pen stroke under the name. */
  flourish: 'none' | 'loop' | 'swash' | 'line';
}

const HANDS: Readonly<Record<SignStyle, Hand>> = {
  行楷: { font: SERIF, weight: 'bold', skew: -14, advance: 0.98, rise: -0.05, turn: 6, vary: 0.1, lead: 1, weightUp: 0, flourish: 'none' },
  连笔: { font: SERIF, weight: 'bold', skew: -20, advance: 0.9, rise: -0.07, turn: 8, vary: 0.12, lead: 1.1, weightUp: 0, flourish: 'loop' },
  艺术: { font: SERIF, weight: 'normal', skew: -18, advance: 0.92, rise: -0.08, turn: 9, vary: 0.15, lead: 1.45, weightUp: 3, flourish: 'swash' },
  商务: { font: SANS, weight: 'normal', skew: -10, advance: 1.02, rise: -0.02, turn: 3, vary: 0.05, lead: 1, weightUp: 2, flourish: 'line' },
};

/** The signature as SVG (before cropping): one <text> per character, then the pen stroke. */
export function signatureSvg(name: string, style: SignStyle, ink: string, seed: number): { svg: string; width: number; height: number } {
  const hand = HANDS[style];
  const rnd = stream(`${name}|${style}|${seed}`);
  const jitter = (amount: number) => (rnd() * 2 - 1) * amount;
  const size = 200;
  const chars = [...name.trim()];
  const width = Math.round(size * (1.2 + chars.reduce((w, c) => w + charEm(c) * hand.advance, 0) * hand.lead + 0.8));
  const height = Math.round(size * 2.4);
  let x = size * 0.6;
  let baseline = height * 0.62;
  const glyphs: string[] = [];
  chars.forEach((ch, i) => {
    const s = size * (i === 0 ? hand.lead : 1) * (1 + jitter(hand.vary));
    const y = baseline + jitter(size * 0.05);
    const extra = hand.weightUp ? ` stroke="${ink}" stroke-width="${((hand.weightUp * s) / 100).toFixed(1)}" stroke-linejoin="round"` : '';
    glyphs.push(
      `<text transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${jitter(hand.turn).toFixed(1)}) skewX(${hand.skew})" font-family="${hand.font}" font-weight="${hand.weight}" font-size="${s.toFixed(1)}" fill="${ink}"${extra}>${xmlText(ch)}</text>`,
    );
    x += charEm(ch) * s * hand.advance;
    baseline += hand.rise * size;
  });
  const startX = size * 0.5;
  const endX = x + size * 0.2;
  const underY = height * 0.62 + size * 0.22;
  const endY = baseline + size * 0.22;
  const pen = `fill="none" stroke="${ink}" stroke-linecap="round" stroke-linejoin="round"`;
  let flourish = '';
  if (hand.flourish === 'loop') {
    flourish = `<path d="M ${startX} ${underY} C ${startX + size * 0.6} ${underY + size * 0.35}, ${endX - size * 0.2} ${endY + size * 0.1}, ${endX} ${endY - size * 0.25} S ${endX - size * 0.5} ${endY - size * 0.1}, ${endX + size * 0.3} ${endY + size * 0.05}" ${pen} stroke-width="${size / 26}"/>`;
  } else if (hand.flourish === 'swash') {
    flourish = `<path d="M ${startX - size * 0.1} ${underY + size * 0.15} Q ${(startX + endX) / 2} ${underY + size * 0.45 + jitter(size * 0.1)}, ${endX + size * 0.4} ${endY - size * 0.05}" ${pen} stroke-width="${size / 20}"/>`;
  } else if (hand.flourish === 'line') {
    flourish = `<path d="M ${startX + size * 0.2} ${underY + size * 0.08} L ${endX} ${endY + size * 0.02}" ${pen} stroke-width="${size / 32}"/>`;
  }
  return { svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${glyphs.join('')}${flourish}</svg>`, width, height };
}

/** The signature as a transparent PNG cropped to its ink, with a margin around. */
export async function signatureDesign(name: string, style: SignStyle, ink: string, seed: number): Promise<Buffer> {
  const { svg } = signatureSvg(name, style, ink, seed);
  const drawn = await sharp(Buffer.from(svg)).png().toBuffer();
  let cropped = drawn;
  try {
    cropped = await sharp(drawn).trim({ threshold: 1 }).png().toBuffer();
  } catch {
    // Nothing to crop (an unlikely blank name): keep the whole canvas.
  }
  const margin = 40;
  return sharp(cropped).extend({ top: margin, bottom: margin, left: margin, right: margin, background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
}
