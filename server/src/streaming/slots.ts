import { randomUUID } from 'node:crypto';
import type { KeyValueStore } from '../infra/kv';

/**
 * Fair use (QUALITY G19): a user holds at most a few live answers (or running tasks) at once,
 * counted in the shared store so every process of a deployment sees the same slots. A slot is a
 * lease: it is kept alive while its work runs and lapses by itself if the process dies.
 */

/** Seconds a slot lives without being kept alive (a crashed process frees its slots within this). */
export const SLOT_TTL_SEC = 60;
const KEEP_EVERY_MS = (SLOT_TTL_SEC * 1000) / 3;

export interface Slot {
  /** Give the slot back; safe to call more than once. */
  free(): Promise<void>;
}

export interface SlotRequest {
  /** The pool: `streams` or `tasks`. */
  pool: 'streams' | 'tasks';
  userId: number;
  /** Work that shares one place (the columns of one battle round), up to `groupCap` of it. */
  group?: { id: string; cap: number };
  cap: number;
}

/** Take a slot, or answer null when the user already holds `cap` of this pool. */
export async function takeSlot(kv: KeyValueStore, req: SlotRequest): Promise<Slot | null> {
  const key = `slots:${req.pool}:${req.userId}`;
  // '#' separates the group from the member's own id; a group id never contains one.
  const member = req.group ? `${req.group.id.replace(/#/g, '')}#${randomUUID()}` : randomUUID();
  const taken = await kv.slotTake(key, member, { cap: req.cap, groupCap: req.group?.cap ?? 1, ttlSec: SLOT_TTL_SEC });
  if (!taken) return null;
  const keeper = setInterval(() => void kv.slotKeep(key, member, SLOT_TTL_SEC).catch(() => undefined), KEEP_EVERY_MS);
  keeper.unref();
  let freed = false;
  return {
    async free() {
      if (freed) return;
      freed = true;
      clearInterval(keeper);
      // A store that is down cannot take the slot back: it lapses on its own.
      await kv.slotFree(key, member).catch(() => undefined);
    },
  };
}
