/** Test helper: a human-looking drag to `x`, 12 samples over `ms` from the left end. */
export function humanTrail(x: number, ms = 600): [number, number][] {
  return Array.from({ length: 12 }, (_, i) => [Math.round((x * i) / 11), Math.round((ms * i) / 11)] as [number, number]);
}
