import { LOGIN_LIMITS } from '@wanxiang/contract';

/**
 * Geometry of the register slider (shell 5, 9): a 260 px track whose handle must reach x=200,
 * i.e. the right end (the handle is 60 wide). Drawn narrower on small screens, so positions are
 * scaled to and from the spec's units; the server checks the drag in those units.
 */
export const TRACK = LOGIN_LIMITS.registerCaptchaWidth;
export const TARGET = LOGIN_LIMITS.registerCaptchaTarget;
export const HANDLE = TRACK - TARGET;

/** Screen pixels per captcha unit. */
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
