import { EventEmitter } from 'node:events';
import { slotGroup, type KeyValueStore, type LogEntry } from './types';

interface Entry {
  value: string;
  /** Epoch ms after which the entry no longer exists. */
  expiresAt: number;
}

export interface MemoryStoreOptions {
  /** Clock in epoch ms (tests move it). */
  now?: () => number;
  /** How often expired entries are swept, in ms; lazy expiry covers the time between sweeps. */
  sweepEveryMs?: number;
}

/** One-process store: a Map with expiry checked on read and a periodic, unref'd sweep. */
export function createMemoryStore(opts: MemoryStoreOptions = {}): KeyValueStore {
  const now = opts.now ?? Date.now;
  const map = new Map<string, Entry>();
  // One process: its subscribers are the whole audience.
  const bus = new EventEmitter();
  bus.setMaxListeners(0);

  const live = (key: string): Entry | undefined => {
    const e = map.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= now()) {
      map.delete(key);
      return undefined;
    }
    return e;
  };

  // Slot sets: member -> epoch ms when its slot lapses.
  const slots = new Map<string, Map<string, number>>();
  const liveSlots = (key: string): Map<string, number> => {
    const set = slots.get(key) ?? new Map<string, number>();
    const t = now();
    for (const [m, until] of set) if (until <= t) set.delete(m);
    return set;
  };

  // Append-only logs: their entries, oldest first, and when the whole log lapses.
  const logs = new Map<string, { entries: LogEntry[]; expiresAt: number }>();
  const liveLog = (key: string) => {
    const log = logs.get(key);
    if (log && log.expiresAt <= now()) {
      logs.delete(key);
      return undefined;
    }
    return log;
  };

  const sweep = setInterval(() => {
    const t = now();
    for (const [k, e] of map) if (e.expiresAt <= t) map.delete(k);
    for (const [k, l] of logs) if (l.expiresAt <= t) logs.delete(k);
    for (const k of [...slots.keys()]) if (liveSlots(k).size === 0) slots.delete(k);
  }, opts.sweepEveryMs ?? 30_000);
  // A sweep timer alone must not keep the process (or a test worker) alive.
  sweep.unref();

  const incr = (key: string, windowSec: number): number => {
    const e = live(key);
    if (!e) {
      map.set(key, { value: '1', expiresAt: now() + windowSec * 1000 });
      return 1;
    }
    const n = Number(e.value);
    if (!Number.isSafeInteger(n)) throw new Error(`kv: value at ${key} is not an integer`);
    e.value = String(n + 1);
    return n + 1;
  };

  const slotTake = (key: string, member: string, limits: { cap: number; groupCap: number; ttlSec: number }): boolean => {
    const set = liveSlots(key);
    const group = slotGroup(member);
    const groups = new Set<string>();
    let inGroup = 0;
    for (const m of set.keys()) {
      const g = slotGroup(m);
      groups.add(g);
      if (g === group) inGroup++;
    }
    if (inGroup > 0 ? inGroup >= limits.groupCap : groups.size >= limits.cap) return false;
    set.set(member, now() + limits.ttlSec * 1000);
    slots.set(key, set);
    return true;
  };

  return {
    kind: 'memory',
    async incr(key, windowSec) {
      return incr(key, windowSec);
    },
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlSec) {
      map.set(key, { value, expiresAt: now() + ttlSec * 1000 });
    },
    async del(key) {
      map.delete(key);
    },
    async publish(channel, message) {
      bus.emit(channel, message);
    },
    async subscribe(channel, onMessage) {
      bus.on(channel, onMessage);
      return () => void bus.off(channel, onMessage);
    },
    async slotTake(key, member, limits) {
      return slotTake(key, member, limits);
    },
    async admit(rate, slot) {
      if (incr(rate.key, rate.windowSec) > rate.max) return 'rate';
      return slotTake(slot.key, slot.member, slot) ? 'ok' : 'full';
    },
    async slotKeep(key, member, ttlSec) {
      const set = liveSlots(key);
      if (set.has(member)) set.set(member, now() + ttlSec * 1000);
    },
    async slotFree(key, member) {
      const set = slots.get(key);
      set?.delete(member);
      if (set?.size === 0) slots.delete(key);
    },
    async logAppend(key, id, value, limits) {
      let log = liveLog(key);
      if (!log) logs.set(key, (log = { entries: [], expiresAt: 0 }));
      const last = log.entries.at(-1);
      // Like XADD: an id not above the last one is refused.
      if (last && id <= last.id) throw new Error(`kv: log ${key} already holds id ${last.id}`);
      log.entries.push({ id, value });
      if (log.entries.length > limits.maxLen) log.entries.splice(0, log.entries.length - limits.maxLen);
      log.expiresAt = now() + limits.ttlSec * 1000;
    },
    async logRange(key, afterId, count) {
      const log = liveLog(key);
      if (!log) return null;
      // Ids grow by one from where the log was trimmed: find the first above afterId by a search.
      let lo = 0;
      let hi = log.entries.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (log.entries[mid]!.id <= afterId) lo = mid + 1;
        else hi = mid;
      }
      return log.entries.slice(lo, lo + count);
    },
    async close() {
      clearInterval(sweep);
      logs.clear();
      map.clear();
      slots.clear();
      bus.removeAllListeners();
    },
  };
}
