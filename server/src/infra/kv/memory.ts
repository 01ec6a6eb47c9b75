import { EventEmitter } from 'node:events';
import type { KeyValueStore } from './types';

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

  const sweep = setInterval(() => {
    const t = now();
    for (const [k, e] of map) if (e.expiresAt <= t) map.delete(k);
  }, opts.sweepEveryMs ?? 30_000);
  // A sweep timer alone must not keep the process (or a test worker) alive.
  sweep.unref();

  return {
    kind: 'memory',
    async incr(key, windowSec) {
      const e = live(key);
      if (!e) {
        map.set(key, { value: '1', expiresAt: now() + windowSec * 1000 });
        return 1;
      }
      const n = Number(e.value);
      if (!Number.isSafeInteger(n)) throw new Error(`kv: value at ${key} is not an integer`);
      e.value = String(n + 1);
      return n + 1;
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
    async close() {
      clearInterval(sweep);
      map.clear();
      bus.removeAllListeners();
    },
  };
}
