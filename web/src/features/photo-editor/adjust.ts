/**
 * Colour adjustments of the photo editor as plain pixel maths on RGBA bytes. The same function
 * draws the live preview (on a small copy) and the applied result (on the full picture), so what
 * the sliders show is exactly what is saved, in every browser (canvas `filter` is missing in Safari).
 */

export const FILTER_IDS = ['none', 'grayscale', 'sepia', 'warm', 'cool', 'vivid', 'fade'] as const;
export type FilterId = (typeof FILTER_IDS)[number];

export const FILTER_LABELS: Record<FilterId, string> = {
  none: '原图',
  grayscale: '黑白',
  sepia: '怀旧',
  warm: '暖调',
  cool: '冷调',
  vivid: '鲜艳',
  fade: '淡雅',
};

export interface Adjustments {
  /** -100..100, 0 = unchanged. */
  brightness: number;
  contrast: number;
  saturation: number;
  filter: FilterId;
}

export const NEUTRAL: Adjustments = { brightness: 0, contrast: 0, saturation: 0, filter: 'none' };

export const ADJUST_RANGE = { min: -100, max: 100 } as const;

export function isNeutral(a: Adjustments): boolean {
  return a.brightness === 0 && a.contrast === 0 && a.saturation === 0 && a.filter === 'none';
}

/** A 3×3 colour matrix (rows r, g, b) plus an offset per channel, applied after the sliders. */
type ColorMatrix = readonly [number, number, number, number, number, number, number, number, number];

// Rec. 709 luma weights, the ones CSS filters use for saturate() and grayscale().
const LR = 0.2126;
const LG = 0.7152;
const LB = 0.0722;

function saturationMatrix(s: number): ColorMatrix {
  return [LR + (1 - LR) * s, LG - LG * s, LB - LB * s, LR - LR * s, LG + (1 - LG) * s, LB - LB * s, LR - LR * s, LG - LG * s, LB + (1 - LB) * s];
}

function scaled(m: ColorMatrix, k: number): ColorMatrix {
  return [m[0] * k, m[1] * k, m[2] * k, m[3] * k, m[4] * k, m[5] * k, m[6] * k, m[7] * k, m[8] * k];
}

const IDENTITY: ColorMatrix = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** Each preset as a matrix and an offset (the sepia one is the CSS sepia(1) matrix). */
const FILTERS: Record<FilterId, { m: ColorMatrix; offset: readonly [number, number, number] }> = {
  none: { m: IDENTITY, offset: [0, 0, 0] },
  grayscale: { m: saturationMatrix(0), offset: [0, 0, 0] },
  sepia: { m: [0.393, 0.769, 0.189, 0.349, 0.686, 0.168, 0.272, 0.534, 0.131], offset: [0, 0, 0] },
  warm: { m: [1.08, 0, 0, 0, 1.02, 0, 0, 0, 0.88], offset: [6, 2, -4] },
  cool: { m: [0.9, 0, 0, 0, 1.0, 0, 0, 0, 1.1], offset: [-4, 2, 8] },
  vivid: { m: saturationMatrix(1.35), offset: [0, 0, 0] },
  fade: { m: scaled(saturationMatrix(0.7), 0.85), offset: [28, 28, 30] },
};

/** Brightness then contrast as one lookup table over 0..255 (multiplier like CSS brightness(), contrast about mid-grey). */
export function toneTable(brightness: number, contrast: number): Uint8ClampedArray {
  const b = 1 + brightness / 100;
  const c = 1 + contrast / 100;
  const table = new Uint8ClampedArray(256);
  for (let v = 0; v < 256; v++) table[v] = (v * b - 128) * c + 128;
  return table;
}

/** Applies the adjustments in place to RGBA bytes (alpha untouched): tone, saturation, then the filter preset. */
export function applyAdjustments(data: Uint8ClampedArray, a: Adjustments): void {
  if (isNeutral(a)) return;
  const tone = toneTable(a.brightness, a.contrast);
  const sat = a.saturation === 0 ? null : saturationMatrix(1 + a.saturation / 100);
  const f = a.filter === 'none' ? null : FILTERS[a.filter];
  for (let i = 0; i < data.length; i += 4) {
    let r = tone[data[i] as number] as number;
    let g = tone[data[i + 1] as number] as number;
    let b = tone[data[i + 2] as number] as number;
    if (sat) [r, g, b] = mix(sat, r, g, b);
    if (f) {
      [r, g, b] = mix(f.m, r, g, b);
      r += f.offset[0];
      g += f.offset[1];
      b += f.offset[2];
    }
    // Uint8ClampedArray rounds and clamps to 0..255 on assignment.
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
  }
}

function mix(m: ColorMatrix, r: number, g: number, b: number): [number, number, number] {
  return [m[0] * r + m[1] * g + m[2] * b, m[3] * r + m[4] * g + m[5] * b, m[6] * r + m[7] * g + m[8] * b];
}
