import { randomBytes, randomUUID } from 'node:crypto';
import { GATE_LIMITS, LOGIN_LIMITS, MSG, type CaptchaChallenge, type CaptchaPass, type CaptchaVerifyReq } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { refused } from '../../http/errors';

/**
 * Slider captcha checked by the server (docs/product/accounts.md §5, §9: target x=400 on a 460 px track). The
 * server issues a challenge; the client posts where the handle was let go and the drag trail;
 * a plausible human drag to the target earns a one-time token that a protected call (the
 * binding SMS code) consumes. A challenge gets one try and a token one use, claimed with an
 * atomic counter, so replaying either fails. Challenges and tokens live in the key-value
 * store (Redis when several processes serve), bound to the user who asked.
 */
export type CaptchaContext = Pick<AppContext, 'kv'>;
export type CaptchaScene = 'bind_phone' | 'register';

/**
 * Who a challenge and its token belong to: a user id (phone binding, logged in) or a string such
 * as `ip:1.2.3.4` for the anonymous register scene. Compared as text.
 */
export type CaptchaOwner = number | string;

/** Each scene's track: binding drags to 400 of 460, the login dialog's register to 200 of 260. */
export const SCENE_TRACKS: Record<CaptchaScene, { target: number; width: number }> = {
  bind_phone: { target: GATE_LIMITS.captchaTarget, width: GATE_LIMITS.captchaWidth },
  register: { target: LOGIN_LIMITS.registerCaptchaTarget, width: LOGIN_LIMITS.registerCaptchaWidth },
};

interface ChallengeRecord {
  userId: CaptchaOwner;
  scene: CaptchaScene;
  issuedAt: number;
}

interface TokenRecord {
  userId: CaptchaOwner;
  scene: CaptchaScene;
}

const challengeKey = (id: string) => `captcha:c:${id}`;
const claimKey = (id: string) => `captcha:c:${id}:claimed`;
const tokenKey = (t: string) => `captcha:t:${t}`;
const tokenClaimKey = (t: string) => `captcha:t:${t}:used`;

/** Shortest believable drag from press to release, and fewest sampled points. */
export const MIN_DRAG_MS = 120;
export const MIN_TRAIL_POINTS = 4;

export async function issueChallenge(
  ctx: CaptchaContext,
  userId: CaptchaOwner,
  scene: CaptchaScene,
  now = Date.now(),
): Promise<CaptchaChallenge> {
  const id = randomUUID();
  const record: ChallengeRecord = { userId, scene, issuedAt: now };
  await ctx.kv.set(challengeKey(id), JSON.stringify(record), GATE_LIMITS.captchaChallengeTtlSec);
  const track = SCENE_TRACKS[scene];
  return { id, target: track.target, width: track.width, expiresInSec: GATE_LIMITS.captchaChallengeTtlSec };
}

/** Whether a drag looks like a hand moving the handle to the target (not a posted constant). */
export function dragPasses(
  x: number,
  trail: readonly (readonly [number, number])[],
  target: number = GATE_LIMITS.captchaTarget,
  width: number = GATE_LIMITS.captchaWidth,
): boolean {
  if (Math.abs(x - target) > GATE_LIMITS.captchaTolerance) return false;
  if (trail.length < MIN_TRAIL_POINTS) return false;
  const first = trail[0]!;
  const last = trail[trail.length - 1]!;
  // Starts at the left end, ends where it was released, time runs forward.
  if (first[0] > GATE_LIMITS.captchaTolerance * 3) return false;
  if (Math.abs(last[0] - x) > GATE_LIMITS.captchaTolerance) return false;
  let prevT = -Infinity;
  for (const [px, t] of trail) {
    if (t < prevT || px < -GATE_LIMITS.captchaTolerance || px > width) return false;
    prevT = t;
  }
  return last[1] - first[1] >= MIN_DRAG_MS;
}

/**
 * Check one drag. Any failure (unknown, expired, already tried, someone else's, off target,
 * implausible) answers 验证失败，请重新操作 and burns the challenge: the client fetches a new one.
 */
export async function verifyDrag(ctx: CaptchaContext, userId: CaptchaOwner, body: CaptchaVerifyReq): Promise<CaptchaPass> {
  const fail = () => refused(MSG.captchaFailed);
  const raw = await ctx.kv.get(challengeKey(body.id));
  if (!raw) throw fail();
  // One try per challenge, even when two requests race.
  if ((await ctx.kv.incr(claimKey(body.id), GATE_LIMITS.captchaChallengeTtlSec)) !== 1) throw fail();
  await ctx.kv.del(challengeKey(body.id));
  const rec = JSON.parse(raw) as ChallengeRecord;
  const track = SCENE_TRACKS[rec.scene] ?? SCENE_TRACKS.bind_phone;
  if (String(rec.userId) !== String(userId) || !dragPasses(body.x, body.trail, track.target, track.width)) throw fail();
  const token = randomBytes(24).toString('base64url');
  const t: TokenRecord = { userId, scene: rec.scene };
  await ctx.kv.set(tokenKey(token), JSON.stringify(t), GATE_LIMITS.captchaTokenTtlSec);
  return { token, expiresInSec: GATE_LIMITS.captchaTokenTtlSec };
}

/** Use a captcha token once for `scene`; a missing, expired, reused or foreign token is refused. */
export async function consumeCaptchaToken(ctx: CaptchaContext, userId: CaptchaOwner, scene: CaptchaScene, token: string): Promise<void> {
  const fail = () => refused(MSG.captchaRequired);
  const raw = await ctx.kv.get(tokenKey(token));
  if (!raw) throw fail();
  if ((await ctx.kv.incr(tokenClaimKey(token), GATE_LIMITS.captchaTokenTtlSec)) !== 1) throw fail();
  await ctx.kv.del(tokenKey(token));
  const rec = JSON.parse(raw) as TokenRecord;
  if (String(rec.userId) !== String(userId) || rec.scene !== scene) throw fail();
}

/** Owner of an anonymous register challenge and token: the caller's address. */
export const registerCaptchaOwner = (ip: string): string => `ip:${ip}`;
