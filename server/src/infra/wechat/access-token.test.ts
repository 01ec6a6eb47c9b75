import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createRedisStore, type KeyValueStore } from '../kv';
import { redisAnswers, TEST_REDIS_URL, testRedisPrefix } from '../../../test/redis';
import { createAccessTokens, WechatApiError } from './access-token';
import { startFakeWechat, type FakeWechat } from './testing/fake-wechat';

const haveRedis = await redisAnswers();
if (!haveRedis) console.log(`[wechat tokens] Redis at ${TEST_REDIS_URL} is not reachable: the Redis variant is skipped`);

/** Two stores on one backing store stand for two server processes. */
const kinds: Array<[string, () => Promise<[KeyValueStore, KeyValueStore]>]> = [
  [
    'memory',
    async () => {
      const kv = createMemoryStore();
      return [kv, kv];
    },
  ],
];
if (haveRedis)
  kinds.push([
    'redis',
    async () => {
      const prefix = testRedisPrefix();
      return [await createRedisStore(TEST_REDIS_URL, prefix), await createRedisStore(TEST_REDIS_URL, prefix)];
    },
  ]);

describe.each(kinds)('WeChat access tokens shared through the key-value store (%s)', (_kind, open) => {
  let fake: FakeWechat;
  let stores: [KeyValueStore, KeyValueStore];
  beforeAll(async () => {
    fake = await startFakeWechat('wxshared', 'sekret');
    stores = await open();
  });
  afterAll(async () => {
    await fake?.close();
    await Promise.all([...new Set(stores)].map((s) => s.close()));
  });
  const cred = { appId: 'wxshared', appSecret: 'sekret' };

  it('many callers in two processes cause one stable_token call (force_refresh false), then read the shared token', async () => {
    const a = createAccessTokens({ kv: stores[0], apiBase: fake.base });
    const b = createAccessTokens({ kv: stores[1], apiBase: fake.base });
    const before = fake.tokenCalls;
    const tokens = await Promise.all([...Array.from({ length: 10 }, () => a.holder(cred).get()), ...Array.from({ length: 10 }, () => b.holder(cred).get())]);
    expect(new Set(tokens).size).toBe(1);
    expect(fake.tokenCalls - before).toBe(1);
    expect(fake.forceRefreshes.at(-1)).toBe(false);
    // A third process starting later reads it too.
    const c = createAccessTokens({ kv: stores[1], apiBase: fake.base });
    expect(await c.holder(cred).get()).toBe(tokens[0]);
    expect(fake.tokenCalls - before).toBe(1);
  });

  it('one holder per appid', () => {
    const tokens = createAccessTokens({ kv: stores[0], apiBase: fake.base });
    expect(tokens.holder(cred)).toBe(tokens.holder({ ...cred }));
    expect(tokens.holder(cred)).not.toBe(tokens.holder({ appId: 'wxother', appSecret: 'x' }));
  });

  it('a refused token is dropped everywhere; a stable token WeChat keeps handing back is force-refreshed', async () => {
    const a = createAccessTokens({ kv: stores[0], apiBase: fake.base }).holder(cred);
    const b = createAccessTokens({ kv: stores[1], apiBase: fake.base }).holder(cred);
    const first = await a.get();
    fake.invalidateTokens();
    await a.refused(first);
    const second = await a.get();
    expect(second).not.toBe(first);
    expect(await b.get()).toBe(second);

    fake.keepStaleToken();
    const before = fake.forceRefreshes.length;
    await b.refused(second);
    const third = await b.get();
    expect(third).not.toBe(second);
    expect(fake.forceRefreshes.slice(before)).toEqual([false, true]);
  });

  it('fetches again when the token nears its expiry', async () => {
    let clock = Date.now();
    const holder = createAccessTokens({ kv: createMemoryStore({ now: () => clock }), apiBase: fake.base, now: () => clock }).holder(cred);
    const before = fake.tokenCalls;
    await holder.get();
    await holder.get();
    expect(fake.tokenCalls - before).toBe(1);
    clock += 7200_000;
    await holder.get();
    expect(fake.tokenCalls - before).toBe(2);
  });

  it('a wrong secret fails loudly with WeChat errcode', async () => {
    const holder = createAccessTokens({ kv: stores[0], apiBase: fake.base }).holder({ appId: 'wxwrong', appSecret: 'wrong' });
    await expect(holder.get()).rejects.toThrow(WechatApiError);
    await expect(holder.get()).rejects.toThrow(/40125/);
  });
});
