import type { Config } from '../../config';
import { createMemoryStore } from './memory';
import { createRedisStore } from './redis';
import type { KeyValueStore } from './types';

export type { KeyValueStore } from './types';

/** Keys of this product in a Redis shared with other software. */
export const KV_PREFIX = 'wx:';

/** Redis when `config.redisUrl` is set (fails fast when it does not answer), else process memory. */
export async function createKeyValueStore(config: Config): Promise<KeyValueStore> {
  if (config.redisUrl) return createRedisStore(config.redisUrl, KV_PREFIX);
  return createMemoryStore();
}

export { createMemoryStore, createRedisStore };
