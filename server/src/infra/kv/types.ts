/** Shared counters and small values: in-process memory, or Redis when REDIS_URL is set. */
export interface KeyValueStore {
  readonly kind: 'memory' | 'redis';
  /** Increment a counter that expires `windowSec` after its first increment; returns the new value. */
  incr(key: string, windowSec: number): Promise<number>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSec: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Tell every process of this deployment (subscribers of `channel`, this process included). */
  publish(channel: string, message: string): Promise<void>;
  /** Hear `channel`'s messages (from when the promise resolves) until the unsubscribe it gives is called or the store closes. */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<() => void>;
  /**
   * Capped slot sets (fair use: one user's live streams or running tasks). Take a slot for
   * `member` in the set at `key` unless the set already holds `cap` groups: members named
   * `<group>#<id>` share one place per group (up to `groupCap` of them, e.g. the columns of one
   * battle round), any other member is a group of its own. A slot lapses `ttlSec` after it was
   * taken or last kept, so a crashed process's slots free themselves. Answers whether it was taken.
   */
  slotTake(key: string, member: string, limits: { cap: number; groupCap: number; ttlSec: number }): Promise<boolean>;
  /**
   * One start of rate-limited, capped work (a streamed answer) in ONE atomic step, so the chat hot
   * path makes one round trip to Redis, not two: count a hit on the fixed window at `rate.key`
   * (exactly as `incr`) and answer 'rate' once the window holds more than `rate.max` hits;
   * otherwise take a slot exactly as `slotTake` does, answering 'full' when none is free.
   */
  admit(rate: AdmitRate, slot: AdmitSlot): Promise<'ok' | 'rate' | 'full'>;
  /** Keep a taken slot another `ttlSec` (no-op when it already lapsed). */
  slotKeep(key: string, member: string, ttlSec: number): Promise<void>;
  /** Give a slot back. */
  slotFree(key: string, member: string): Promise<void>;
  /**
   * Append-only logs (an answer's events, for re-attaching readers: streaming/answer-log.ts). Add
   * entry `id` (a positive integer, larger than the log's last) to the log at `key`, keep at most
   * about `maxLen` newest entries, and let the whole log lapse `ttlSec` after this append.
   * Redis: a stream (XADD with the explicit id `0-<id>`, MAXLEN ~); memory: an array.
   */
  logAppend(key: string, id: number, value: string, limits: { maxLen: number; ttlSec: number }): Promise<void>;
  /** Up to `count` entries of the log at `key` with ids above `afterId`, oldest first; null when there is no such log (never made, or lapsed). */
  logRange(key: string, afterId: number, count: number): Promise<LogEntry[] | null>;
  close(): Promise<void>;
}

/** One entry of an append-only log (logAppend). */
export interface LogEntry {
  id: number;
  value: string;
}

/** The start-rate window `admit` counts a hit on. */
export interface AdmitRate {
  key: string;
  windowSec: number;
  max: number;
}

/** The slot `admit` takes (see slotTake). */
export interface AdmitSlot {
  key: string;
  member: string;
  cap: number;
  groupCap: number;
  ttlSec: number;
}

/** The group a slot member belongs to: the text before the first `#`, or the member itself. */
export function slotGroup(member: string): string {
  const i = member.indexOf('#');
  return i < 0 ? member : member.slice(0, i);
}
