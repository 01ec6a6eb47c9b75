import { posterFormat, type PosterFormat } from '@wanxiang/contract';

/**
 * The poster's text layers as plain data (no canvas here, so it is unit-tested): positions and
 * font sizes are in the exported picture's pixels, so the preview (any width) and the export (full
 * size) draw the same poster; the preview only scales. A layer's x is its anchor by alignment
 * (left edge, centre or right edge), y the top of its first line.
 */

export type LayerRole = 'title' | 'subtitle' | 'body' | 'info' | 'custom';
export type LayerAlign = 'left' | 'center' | 'right';

export interface TextLayer {
  id: string;
  role: LayerRole;
  text: string;
  x: number;
  y: number;
  fontSize: number;
  color: string;
  bold: boolean;
  align: LayerAlign;
}

export interface PosterSize {
  width: number;
  height: number;
}

export const FONT_SIZE_MIN = 12;
export const FONT_SIZE_MAX = 400;
/** Lines of a layer sit this many font sizes apart. */
export const LINE_HEIGHT = 1.3;
/** Text wraps within this share of the poster's width. */
export const WRAP_SHARE = 0.84;
export const MAX_LAYERS = 12;

/** The exported PNG's size for a format (contract POSTER_FORMATS). */
export function exportSize(format: PosterFormat | string): PosterSize {
  const f = posterFormat(format);
  return { width: f.width, height: f.height };
}

let counter = 0;
const newId = () => `layer-${Date.now().toString(36)}-${++counter}`;

export interface PosterCopy {
  title: string;
  subtitle: string;
  body: string;
  info: string;
}

/** The starting layers: title high up, subtitle under it, body in the middle, date/place at the foot; sizes by the poster's short side. */
export function defaultLayers(size: PosterSize, copy: PosterCopy): TextLayer[] {
  const unit = Math.min(size.width, size.height) / 100;
  const cx = Math.round(size.width / 2);
  const at = (role: LayerRole, text: string, yShare: number, fontUnits: number, bold: boolean, color: string): TextLayer => ({
    id: newId(),
    role,
    text,
    x: cx,
    y: Math.round(size.height * yShare),
    fontSize: Math.round(unit * fontUnits),
    color,
    bold,
    align: 'center',
  });
  return [
    at('title', copy.title, 0.1, 9, true, '#ffffff'),
    at('subtitle', copy.subtitle, 0.24, 4.4, false, '#ffe9a8'),
    at('body', copy.body, 0.5, 3.4, false, '#ffffff'),
    at('info', copy.info, 0.84, 3.2, true, '#ffffff'),
  ].filter((l) => l.text.trim() !== '');
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** A layer moved by (dx, dy) poster pixels; its anchor stays on the poster and its first line within it. */
export function moveLayer(layer: TextLayer, dx: number, dy: number, size: PosterSize): TextLayer {
  return {
    ...layer,
    x: Math.round(clamp(layer.x + dx, 0, size.width)),
    y: Math.round(clamp(layer.y + dy, 0, Math.max(0, size.height - layer.fontSize))),
  };
}

export function updateLayer(layers: readonly TextLayer[], id: string, patch: Partial<Omit<TextLayer, 'id'>>): TextLayer[] {
  return layers.map((l) => {
    if (l.id !== id) return l;
    const next = { ...l, ...patch };
    next.fontSize = Math.round(clamp(next.fontSize, FONT_SIZE_MIN, FONT_SIZE_MAX));
    return next;
  });
}

/** A new free text layer in the middle (none past MAX_LAYERS: the list answers unchanged). */
export function addLayer(layers: readonly TextLayer[], size: PosterSize, text: string): { layers: TextLayer[]; added: TextLayer | null } {
  if (layers.length >= MAX_LAYERS) return { layers: [...layers], added: null };
  const added: TextLayer = {
    id: newId(),
    role: 'custom',
    text,
    x: Math.round(size.width / 2),
    y: Math.round(size.height * 0.62),
    fontSize: Math.round(Math.min(size.width, size.height) / 25),
    color: '#ffffff',
    bold: false,
    align: 'center',
  };
  return { layers: [...layers, added], added };
}

export function removeLayer(layers: readonly TextLayer[], id: string): TextLayer[] {
  return layers.filter((l) => l.id !== id);
}

/** Width of a string in a font, as the canvas measures it (the tests pass a fake). */
export type Measure = (text: string, font: string) => number;

export const fontOf = (layer: Pick<TextLayer, 'bold' | 'fontSize'>) =>
  `${layer.bold ? 'bold ' : ''}${layer.fontSize}px "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif`;

export interface LaidOutLine {
  text: string;
  /** The line's left edge and top, poster pixels. */
  left: number;
  top: number;
  width: number;
}

export interface LaidOutLayer {
  lines: LaidOutLine[];
  box: { left: number; top: number; width: number; height: number };
}

/** Break one paragraph into lines no wider than `max` (by character: Chinese has no spaces to break at). */
function wrap(paragraph: string, max: number, width: (s: string) => number): string[] {
  if (!paragraph) return [''];
  const out: string[] = [];
  let current = '';
  for (const ch of Array.from(paragraph)) {
    if (current && width(current + ch) > max) {
      out.push(current);
      current = ch.trim() ? ch : '';
    } else current += ch;
  }
  out.push(current);
  return out;
}

/** Where each line of a layer goes, and the box around them (hit tests, the selection outline). */
export function layoutLayer(layer: TextLayer, size: PosterSize, measure: Measure): LaidOutLayer {
  const font = fontOf(layer);
  const width = (s: string) => measure(s, font);
  const texts = layer.text.split(/\r?\n/).flatMap((p) => wrap(p, size.width * WRAP_SHARE, width));
  const step = layer.fontSize * LINE_HEIGHT;
  const lines = texts.map((text, i) => {
    const w = width(text);
    const left = layer.align === 'left' ? layer.x : layer.align === 'right' ? layer.x - w : layer.x - w / 2;
    return { text, left, top: layer.y + i * step, width: w };
  });
  const left = Math.min(...lines.map((l) => l.left));
  const right = Math.max(...lines.map((l) => l.left + l.width));
  return { lines, box: { left, top: layer.y, width: Math.max(right - left, layer.fontSize / 2), height: step * lines.length } };
}

/** The topmost layer under a poster point (a few pixels of slack around the text), or null. */
export function layerAt(
  layers: readonly TextLayer[],
  point: { x: number; y: number },
  size: PosterSize,
  measure: Measure,
): TextLayer | null {
  for (let i = layers.length - 1; i >= 0; i--) {
    const { box } = layoutLayer(layers[i]!, size, measure);
    const slack = Math.max(6, layers[i]!.fontSize * 0.15);
    if (
      point.x >= box.left - slack &&
      point.x <= box.left + box.width + slack &&
      point.y >= box.top - slack &&
      point.y <= box.top + box.height + slack
    )
      return layers[i]!;
  }
  return null;
}

/** The part of a picture that covers the poster without distortion (centred crop), as drawImage's source rectangle. */
export function coverSource(imgW: number, imgH: number, size: PosterSize): { sx: number; sy: number; sw: number; sh: number } {
  const scale = Math.max(size.width / imgW, size.height / imgH);
  const sw = size.width / scale;
  const sh = size.height / scale;
  return { sx: (imgW - sw) / 2, sy: (imgH - sh) / 2, sw, sh };
}

/** Layers carried to a poster of another size: positions by share of the poster, font sizes by its short side. */
export function scaleLayers(layers: readonly TextLayer[], from: PosterSize, to: PosterSize): TextLayer[] {
  if (from.width === to.width && from.height === to.height) return [...layers];
  const k = Math.min(to.width, to.height) / Math.min(from.width, from.height);
  return layers.map((l) => ({
    ...l,
    x: Math.round((l.x / from.width) * to.width),
    y: Math.round((l.y / from.height) * to.height),
    fontSize: Math.round(clamp(l.fontSize * k, FONT_SIZE_MIN, FONT_SIZE_MAX)),
  }));
}
