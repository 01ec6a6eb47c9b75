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
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
