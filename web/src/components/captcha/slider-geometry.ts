/**
 * Geometry of a slider captcha. The server thinks in the spec's units (phone binding: a 460
 * track with target x=400; register: 260 and 200), so the handle is `track - target` wide and
 * must reach the right end. The browser may draw the track narrower (phones): positions are
 * scaled to and from those units.
 */
export interface SliderGeometry {
  track: number;
  target: number;
  handle: number;
}

export function sliderGeometry(track: number, target: number): SliderGeometry {
  return { track, target, handle: track - target };
}

/** Screen pixels per captcha unit. */
export function scaleOf(trackPx: number, g: SliderGeometry): number {
  return trackPx > 0 ? trackPx / g.track : 1;
}

/** Handle position in captcha units for a pointer `dxPx` right of where the drag started. */
export function positionFor(dxPx: number, scale: number, g: SliderGeometry): number {
  return Math.min(g.target, Math.max(0, dxPx / scale));
}

/** Sampled trail of a drag, capped so the request stays small: keeps the first and last points. */
export function pushTrail(trail: [number, number][], x: number, t: number, max = 400): void {
  const point: [number, number] = [Math.round(x), Math.round(t)];
  if (trail.length < max) trail.push(point);
  else trail[trail.length - 1] = point;
}
