import { GATE_LIMITS } from '@wanxiang/contract';

/**
 * Geometry of the slider captcha. The server thinks in the spec's coordinates (a 460 px track,
 * target x=400, so the handle is 60 wide); the browser may draw the track narrower (mobile), so
 * positions are scaled to and from those coordinates.
 */
export const TRACK = GATE_LIMITS.captchaWidth;
export const TARGET = GATE_LIMITS.captchaTarget;
export const HANDLE = TRACK - TARGET;

/** Pixels on screen per captcha unit. */
export function scaleOf(trackPx: number): number {
  return trackPx > 0 ? trackPx / TRACK : 1;
}

/** Handle position in captcha units for a pointer `dxPx` right of where the drag started. */
export function positionFor(dxPx: number, scale: number): number {
  return Math.min(TARGET, Math.max(0, dxPx / scale));
}

/** Sampled trail of a drag, capped so the request stays small: keeps the first and last points. */
export function pushTrail(trail: [number, number][], x: number, t: number, max = 400): void {
  const point: [number, number] = [Math.round(x), Math.round(t)];
  if (trail.length < max) trail.push(point);
  else trail[trail.length - 1] = point;
}
