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
  /** The pool: live answers (running tasks are counted by the task engine in its own table). */
  pool: 'streams';
  userId: number;
  /** Work that shares one place (the columns of one battle round), up to `groupCap` of it. */
  group?: { id: string; cap: number };
  cap: number;
}

/** Take a slot, or answer null when the user already holds `cap` of this pool. */
export async function takeSlot(kv: KeyValueStore, req: SlotRequest): Promise<Slot | null> {
  const { key, member } = slotNames(req);
  const taken = await kv.slotTake(key, member, { cap: req.cap, groupCap: req.group?.cap ?? 1, ttlSec: SLOT_TTL_SEC });
  return taken ? heldSlot(kv, key, member) : null;
}

/** The start-rate window `admitSlot` counts one hit on: `max` starts per `windowSec`. */
export interface StartRate {
  key: string;
  windowSec: number;
  max: number;
}

/**
 * A start counted against `rate` and a slot taken, in one call of the shared store (one round
 * trip with Redis: this sits before the first byte of every streamed answer). Answers the slot,
 * 'rate' when the user started too many (nothing taken), or 'full' when all slots are held.
 */
export async function admitSlot(kv: KeyValueStore, rate: StartRate, req: SlotRequest): Promise<Slot | 'rate' | 'full'> {
  const { key, member } = slotNames(req);
  const admitted = await kv.admit(
    { key: `rl:${rate.key}`, windowSec: rate.windowSec, max: rate.max },
    { key, member, cap: req.cap, groupCap: req.group?.cap ?? 1, ttlSec: SLOT_TTL_SEC },
  );
  return admitted === 'ok' ? heldSlot(kv, key, member) : admitted;
}

function slotNames(req: SlotRequest): { key: string; member: string } {
  // '#' separates the group from the member's own id; a group id never contains one.
  const member = req.group ? `${req.group.id.replace(/#/g, '')}#${randomUUID()}` : randomUUID();
  return { key: `slots:${req.pool}:${req.userId}`, member };
}

/** A taken slot, kept alive until it is freed. */
function heldSlot(kv: KeyValueStore, key: string, member: string): Slot {
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
