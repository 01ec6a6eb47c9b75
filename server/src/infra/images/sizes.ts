/**
 * Our sizes (any multiple of 8) to what a vendor allows. Tools ask for a ratio and a size; a
 * vendor with a fixed list gets its entry nearest in shape first and in area second (a wide
 * picture stays wide even if a square one is closer in pixels); a vendor with a range gets the
 * request scaled into it.
 */

export type Size = readonly [width: number, height: number];

/** The allowed size nearest to width × height: shape weighs four times as much as area. */
export function nearestSize(width: number, height: number, allowed: readonly Size[]): Size {
  const shape = Math.log(width / height);
  const area = Math.log(width * height);
  let best = allowed[0]!;
  let bestCost = Infinity;
  for (const s of allowed) {
    const cost = 4 * Math.abs(Math.log(s[0] / s[1]) - shape) + Math.abs(Math.log(s[0] * s[1]) - area);
    if (cost < bestCost) {
      best = s;
      bestCost = cost;
    }
  }
  return best;
}

/**
 * width × height scaled (same shape) so each side lies within [min, max] and the area stays at
 * most maxPixels, rounded to `step`; an extreme shape is clamped on its long side.
 */
export function fitSize(width: number, height: number, o: { min: number; max: number; maxPixels?: number; step?: number }): Size {
  const step = o.step ?? 16;
  let s = 1;
  if (Math.max(width, height) * s > o.max) s = o.max / Math.max(width, height);
  if (o.maxPixels && width * height * s * s > o.maxPixels) s = Math.sqrt(o.maxPixels / (width * height));
  if (Math.min(width, height) * s < o.min) s = o.min / Math.min(width, height);
  const side = (v: number) => {
    const r = Math.round((v * s) / step) * step;
    return Math.min(Math.floor(o.max / step) * step, Math.max(Math.ceil(o.min / step) * step, r));
  };
  return [side(width), side(height)];
}

export const sizeText = (s: Size, sep = 'x') => `${s[0]}${sep}${s[1]}`;
