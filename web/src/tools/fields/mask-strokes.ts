/**
 * The painted mask as data (no DOM): strokes in the picture's natural pixels, so the exported
 * mask matches the picture whatever size it was shown at. Painting sets pixels white (repaint),
 * the eraser sets them back to black; strokes apply in order, so undo is dropping the last one.
 */

export interface MaskPoint {
  x: number;
  y: number;
}

export interface MaskStroke {
  mode: 'paint' | 'erase';
  /** Half the brush width, in natural pixels. */
  radius: number;
  /** The pointer's path in natural pixels; one point is a dab. */
  points: MaskPoint[];
}

/** Squared distance from (px, py) to the segment a-b. */
function distanceSq(px: number, py: number, a: MaskPoint, b: MaskPoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / len));
  const cx = a.x + t * dx - px;
  const cy = a.y + t * dy - py;
  return cx * cx + cy * cy;
}

/** Marks (value 1 or 0) every pixel whose centre lies within `radius` of the segment a-b. */
function stampSegment(bits: Uint8Array, width: number, height: number, a: MaskPoint, b: MaskPoint, radius: number, value: 0 | 1): void {
  const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - radius));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) + radius));
  const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - radius));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) + radius));
  const r2 = radius * radius;
  for (let y = y0; y <= y1; y++) {
    const row = y * width;
    for (let x = x0; x <= x1; x++) {
      if (distanceSq(x + 0.5, y + 0.5, a, b) <= r2) bits[row + x] = value;
    }
  }
}

/** One byte per pixel, row by row: 1 = white (repaint), 0 = black (keep). */
export function rasterizeMask(strokes: readonly MaskStroke[], width: number, height: number): Uint8Array {
  const bits = new Uint8Array(width * height);
  for (const s of strokes) {
    const value = s.mode === 'paint' ? 1 : 0;
    const pts = s.points;
    if (pts.length === 0 || s.radius <= 0) continue;
    if (pts.length === 1) stampSegment(bits, width, height, pts[0]!, pts[0]!, s.radius, value);
    for (let i = 1; i < pts.length; i++) stampSegment(bits, width, height, pts[i - 1]!, pts[i]!, s.radius, value);
  }
  return bits;
}

/** Whether any pixel is white: a mask erased back to nothing is no mask. */
export function hasPaint(bits: Uint8Array): boolean {
  return bits.includes(1);
}
