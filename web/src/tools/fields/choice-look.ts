/**
 * How the picture-card fields look, from their option values alone (no stock images): a CSS
 * gradient swatch per style preset and the proportions of an aspect-ratio box.
 */

/** Colours of our style presets (the demo painter uses the same palettes, so a card looks like its pictures). */
const STYLE_COLORS: Record<string, readonly [string, string, string]> = {
  水墨: ['#f4f1ea', '#9a968c', '#2b2b2b'],
  国潮: ['#c8102e', '#f2b134', '#1d3557'],
  油画: ['#d9a441', '#6b8e23', '#3b5998'],
  年画: ['#e63946', '#ffd166', '#06d6a0'],
  Q版: ['#ffc8dd', '#bde0fe', '#a2d2ff'],
  暗黑童话: ['#1b1b2f', '#533483', '#e94560'],
  治愈系: ['#fefae0', '#a8dadc', '#ffb4a2'],
  简笔画: ['#ffffff', '#dddddd', '#222222'],
};

/** A stable hue from a string (a preset we have no colours for still gets its own swatch). */
function hue(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.codePointAt(0)!) % 360;
  return h;
}

/** The registry's "no preset" value (IMAGE_STYLE_NONE): a plain card with a diagonal stroke, no colours. */
const NO_STYLE = '无';
const NO_STYLE_SWATCH = 'linear-gradient(135deg, #fafafa 48%, #bfbfbf 48%, #bfbfbf 52%, #fafafa 52%)';

/** The swatch of a style preset: its palette as a diagonal gradient with a soft highlight. */
export function styleSwatch(value: string): string {
  if (value === NO_STYLE || value === '') return NO_STYLE_SWATCH;
  const c = STYLE_COLORS[value];
  const [a, b, d] = c ?? [`hsl(${hue(value)} 70% 82%)`, `hsl(${(hue(value) + 40) % 360} 60% 60%)`, `hsl(${(hue(value) + 80) % 360} 55% 35%)`];
  return `radial-gradient(circle at 72% 28%, rgba(255,255,255,0.55) 0 14%, transparent 15%), linear-gradient(135deg, ${a} 0%, ${b} 55%, ${d} 100%)`;
}

/** 'W:H' as numbers, or null when the value is no ratio. */
export function parseRatio(value: string): { w: number; h: number } | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*[:：x×]\s*(\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!m) return null;
  const w = Number(m[1]);
  const h = Number(m[2]);
  return w > 0 && h > 0 ? { w, h } : null;
}

/** The box drawn for a ratio, its longer side `side` px (a square when the value is no ratio). */
export function ratioBox(value: string, side: number): { width: number; height: number } {
  const r = parseRatio(value) ?? { w: 1, h: 1 };
  const scale = side / Math.max(r.w, r.h);
  return { width: Math.round(r.w * scale), height: Math.round(r.h * scale) };
}
