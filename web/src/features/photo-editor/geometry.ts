/** Sizes and rectangles of the photo editor: fitting, the cropper's selection to picture pixels, text placement. */

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  x: number;
  y: number;
}

/** Pictures are edited at most this long on their longer side (a 12-megapixel photo stays whole). */
export const MAX_EDIT_SIDE = 4096;

/** The size scaled down so the longer side is at most `max`; never enlarged, at least 1×1. */
export function fitWithin(size: Size, max: number): Size {
  const k = Math.min(1, max / Math.max(size.width, size.height));
  return { width: Math.max(1, Math.round(size.width * k)), height: Math.max(1, Math.round(size.height * k)) };
}

/** The size scaled up or down so the longer side is exactly `side` (at least 1×1). */
export function fitTo(size: Size, side: number): Size {
  const k = side / Math.max(size.width, size.height);
  return { width: Math.max(1, Math.round(size.width * k)), height: Math.max(1, Math.round(size.height * k)) };
}

/** A quarter turn swaps width and height. */
export function turnedSize(size: Size): Size {
  return { width: size.height, height: size.width };
}

/**
 * Where the cropper shows its picture: cropper-image draws the picture at its natural size at the
 * canvas origin and transforms it by the matrix [a, b, c, d, e, f] about the picture's centre. The
 * editor never rotates or skews there (b = c = 0), so the box is a scale and an offset.
 */
export function imageBoxOnCanvas(matrix: readonly number[], natural: Size): Rect {
  const [a = 1, , , d = 1, e = 0, f = 0] = matrix;
  return {
    x: (natural.width / 2) * (1 - a) + e,
    y: (natural.height / 2) * (1 - d) + f,
    width: natural.width * a,
    height: natural.height * d,
  };
}

/**
 * A selection on the cropper canvas as the same region of the full picture, in whole pixels and
 * inside it (the cropper shows a smaller copy, so its pixels are scaled up to the picture's).
 * Null when the selection misses the picture.
 */
export function selectionToSource(selection: Rect, box: Rect, full: Size): Rect | null {
  if (box.width <= 0 || box.height <= 0) return null;
  const kx = full.width / box.width;
  const ky = full.height / box.height;
  const left = clamp(Math.round((selection.x - box.x) * kx), 0, full.width);
  const top = clamp(Math.round((selection.y - box.y) * ky), 0, full.height);
  const right = clamp(Math.round((selection.x + selection.width - box.x) * kx), 0, full.width);
  const bottom = clamp(Math.round((selection.y + selection.height - box.y) * ky), 0, full.height);
  if (right - left < 1 || bottom - top < 1) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The largest rectangle of `ratio` (width / height; null = the box's own) centred in the box, shrunk to `coverage`. */
export function centeredRatioRect(box: Rect, ratio: number | null, coverage = 1): Rect {
  const r = ratio ?? box.width / box.height;
  let width = box.width * coverage;
  let height = width / r;
  if (height > box.height * coverage) {
    height = box.height * coverage;
    width = height * r;
  }
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

/** Whether a rectangle lies inside the box (half a pixel of slack for the cropper's rounding). */
export function insideBox(r: Rect, box: Rect, slack = 0.5): boolean {
  return r.x >= box.x - slack && r.y >= box.y - slack && r.x + r.width <= box.x + box.width + slack && r.y + r.height <= box.y + box.height + slack;
}

export function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}

/** The crop ratios offered (value: width / height; null = free, 'original' = the picture's own). */
export const CROP_RATIOS: readonly { id: string; label: string; value: number | null | 'original' }[] = [
  { id: 'free', label: '自由', value: null },
  { id: 'original', label: '原图比例', value: 'original' },
  { id: '1:1', label: '1:1', value: 1 },
  { id: '4:3', label: '4:3', value: 4 / 3 },
  { id: '3:4', label: '3:4', value: 3 / 4 },
  { id: '16:9', label: '16:9', value: 16 / 9 },
  { id: '9:16', label: '9:16', value: 9 / 16 },
  { id: '3:2', label: '3:2', value: 3 / 2 },
  { id: '2:3', label: '2:3', value: 2 / 3 },
];

/** A crop ratio's number for a picture (null = free). */
export function ratioValue(value: number | null | 'original', picture: Size): number | null {
  return value === 'original' ? picture.width / picture.height : value;
}

/** Text lines laid out around a centre point: the centre y of each line, `lineHeight` apart. */
export function lineCentres(centreY: number, lines: number, lineHeight: number): number[] {
  const top = centreY - (lines * lineHeight) / 2;
  return Array.from({ length: lines }, (_, i) => top + lineHeight * (i + 0.5));
}
