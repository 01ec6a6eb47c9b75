import { Redis } from 'ioredis';
import type { KeyValueStore } from './types';

/**
 * INCR and, on the first increment only, the expiry, in one atomic script: a crash between
 * the two can never leave a counter without a TTL (which would block a caller forever).
 */
const INCR_WITH_WINDOW = `
local v = redis.call('INCR', KEYS[1])
if v == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return v`;

export interface RedisStoreOptions {
  /** Connect timeout in ms; boot fails fast when Redis does not answer. */
  connectTimeoutMs?: number;
}

/** Shared store for several server processes. Every key is prefixed with `prefix`. */
export async function createRedisStore(url: string, prefix: string, opts: RedisStoreOptions = {}): Promise<KeyValueStore> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: opts.connectTimeoutMs ?? 5_000,
    // A request on the hot path should fail quickly rather than queue behind a dead Redis.
    maxRetriesPerRequest: 2,
    enableAutoPipelining: true,
  });
  // Failures reach callers as rejected commands; without a listener ioredis would also print each one.
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    throw new Error(`Redis at REDIS_URL is not reachable: ${(err as Error).message}`, { cause: err });
  }
  const ms = (sec: number) => Math.max(1, Math.round(sec * 1000));
  // A connection in subscriber mode can run nothing else: its own, opened on the first subscribe.
  let subscriber: Redis | null = null;
  const handlers = new Map<string, Set<(message: string) => void>>();
  const listen = (): Redis => {
    if (subscriber) return subscriber;
    const sub = redis.duplicate({ lazyConnect: false, maxRetriesPerRequest: null });
    sub.on('error', () => {});
    sub.on('message', (channel: string, message: string) => {
      for (const h of handlers.get(channel.slice(prefix.length)) ?? []) h(message);
    });
    subscriber = sub;
    return sub;
  };

  return {
    kind: 'redis',
    async incr(key, windowSec) {
      const v = await redis.eval(INCR_WITH_WINDOW, 1, prefix + key, ms(windowSec));
      return Number(v);
    },
    async get(key) {
      return redis.get(prefix + key);
    },
    async set(key, value, ttlSec) {
      await redis.set(prefix + key, value, 'PX', ms(ttlSec));
    },
    async del(key) {
      await redis.del(prefix + key);
    },
    async publish(channel, message) {
      await redis.publish(prefix + channel, message);
    },
    async subscribe(channel, onMessage) {
      let set = handlers.get(channel);
      if (!set) {
        handlers.set(channel, (set = new Set()));
        // ioredis re-subscribes by itself after a reconnect.
        try {
          await listen().subscribe(prefix + channel);
        } catch (err) {
          handlers.delete(channel);
          throw err;
        }
      }
      set.add(onMessage);
      return () => {
        set.delete(onMessage);
        if (set.size === 0 && handlers.get(channel) === set) {
          handlers.delete(channel);
          void subscriber?.unsubscribe(prefix + channel).catch(() => {});
        }
      };
    },
    async close() {
      handlers.clear();
      await subscriber?.quit().catch(() => subscriber?.disconnect());
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
