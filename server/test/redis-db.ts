import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * A Redis logical database of its own for tests that start whole server processes: the server
 * names its keys with a fixed prefix (`wx:`), so two runs on one Redis keep apart by database
 * number instead. A database is claimed with a marker key (SET NX with a TTL, so a crashed run's
 * claim lapses); the product's keys left there by an earlier crashed run are removed first.
 */
const CLAIM_KEY = 'wx-test:claimed-by';
const CLAIM_TTL_MS = 15 * 60_000;
/** The server's own key prefix (infra/kv KV_PREFIX). */
const PRODUCT_KEYS = 'wx:*';

export interface ClaimedRedisDb {
  /** The Redis URL with the claimed database number. */
  url: string;
  db: number;
  /** Remove the product's keys and the claim. */
  release(): Promise<void>;
}

/** Claim a free database (1-15) of the Redis at `baseUrl`; null when none is free or Redis has only one. */
export async function claimRedisDb(baseUrl: string): Promise<ClaimedRedisDb | null> {
  const owner = randomBytes(8).toString('hex');
  for (let db = 1; db <= 15; db++) {
    const url = new URL(baseUrl);
    url.pathname = `/${db}`;
    const redis = new Redis(url.toString(), {
      lazyConnect: true,
      connectTimeout: 1_000,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    redis.on('error', () => {});
    try {
      await redis.connect();
      if ((await redis.set(CLAIM_KEY, owner, 'PX', CLAIM_TTL_MS, 'NX')) !== 'OK') continue;
      await deleteProductKeys(redis);
      return {
        url: url.toString(),
        db,
        async release() {
          const r = new Redis(url.toString(), { maxRetriesPerRequest: 1 });
          r.on('error', () => {});
          try {
            await deleteProductKeys(r);
            if ((await r.get(CLAIM_KEY)) === owner) await r.del(CLAIM_KEY);
          } finally {
            r.disconnect();
          }
        },
      };
    } catch {
      // SELECT refused (fewer databases, a cluster): nothing to claim here.
      return null;
    } finally {
      redis.disconnect();
    }
  }
  return null;
}

async function deleteProductKeys(redis: Redis): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', PRODUCT_KEYS, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
