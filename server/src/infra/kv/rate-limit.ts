import { rateLimited } from '../../errors';
import type { KeyValueStore } from './types';

export interface HitResult {
  /** False once the window has seen more than `max` hits. */
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
}

/**
 * Count one hit against a fixed window that starts at the key's first hit (shared across
 * processes when the store is Redis). Keys name the area and the subject: `login:ip:1.2.3.4`.
 */
export async function hit(kv: KeyValueStore, key: string, windowSec: number, max: number): Promise<HitResult> {
  const count = await kv.incr(`rl:${key}`, windowSec);
  return { allowed: count <= max, count };
}

/** `hit`, throwing the 429 envelope (with `msg`) when the window is full. */
export async function enforce(kv: KeyValueStore, key: string, windowSec: number, max: number, msg?: string): Promise<void> {
  const r = await hit(kv, key, windowSec, max);
  if (!r.allowed) throw rateLimited(msg);
}

/** How many hits the window holds now, without counting one (e.g. failures seen so far). */
export async function peek(kv: KeyValueStore, key: string): Promise<number> {
  return Number((await kv.get(`rl:${key}`)) ?? 0);
}
