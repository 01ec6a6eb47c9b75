import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { createKeyValueStore } from './index';
import { createMemoryStore } from './memory';
import { createRedisStore } from './redis';
import type { KeyValueStore } from './types';
import { redisAnswers, TEST_REDIS_URL, testRedisPrefix } from '../../../test/redis';

const redisUrl = TEST_REDIS_URL;

const haveRedis = await redisAnswers(redisUrl);
if (!haveRedis) console.log(`[kv] Redis at ${redisUrl} is not reachable: the Redis variant of the key-value tests is skipped`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const kinds: Array<[string, () => Promise<KeyValueStore>]> = [['memory', async () => createMemoryStore()]];
if (haveRedis) kinds.push(['redis', () => createRedisStore(redisUrl, testRedisPrefix())]);

describe.each(kinds)('key-value store (%s)', (_kind, open) => {
  let kv: KeyValueStore;
  beforeAll(async () => {
    kv = await open();
  });
  afterAll(async () => {
    await kv.close();
  });

  it('counts up within a window and starts again after it', async () => {
    expect(await kv.incr('c1', 0.3)).toBe(1);
    expect(await kv.incr('c1', 0.3)).toBe(2);
    expect(await kv.incr('c1', 0.3)).toBe(3);
    expect(await kv.get('c1')).toBe('3');
    await sleep(400);
    expect(await kv.get('c1')).toBeNull();
    expect(await kv.incr('c1', 0.3)).toBe(1);
  });

  it('keeps the window of the first increment (fixed window, not sliding)', async () => {
    await kv.incr('c2', 0.4);
    await sleep(250);
    await kv.incr('c2', 0.4);
    await sleep(250);
    // 500 ms after the first increment the window is over even though the last one was 250 ms ago.
    expect(await kv.get('c2')).toBeNull();
  });

  it('counts concurrent increments exactly', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => kv.incr('c3', 10)));
    expect(new Set(results).size).toBe(50);
    expect(Math.max(...results)).toBe(50);
  });

  it('sets, reads, expires and deletes values', async () => {
    await kv.set('v1', 'hello', 0.3);
    await kv.set('v2', '世界', 10);
    expect(await kv.get('v1')).toBe('hello');
    expect(await kv.get('v2')).toBe('世界');
    await kv.del('v2');
    expect(await kv.get('v2')).toBeNull();
    await sleep(400);
    expect(await kv.get('v1')).toBeNull();
    expect(await kv.get('never-set')).toBeNull();
  });

  it('slots: at most `cap` groups at once, taken atomically under concurrency, freed and lapsing', async () => {
    const limits = { cap: 3, groupCap: 4, ttlSec: 10 };
    const taken = await Promise.all(Array.from({ length: 40 }, (_, i) => kv.slotTake('s1', `stream-${i}`, limits)));
    expect(taken.filter(Boolean)).toHaveLength(3);
    // Another key is another user: not slowed by the first.
    expect(await kv.slotTake('s1b', 'stream-x', limits)).toBe(true);
    const winner = `stream-${taken.indexOf(true)}`;
    await kv.slotFree('s1', winner);
    expect(await kv.slotTake('s1', 'stream-new', limits)).toBe(true);
    expect(await kv.slotTake('s1', 'stream-more', limits)).toBe(false);
    // A slot nobody keeps lapses (a crashed process's).
    expect(await kv.slotTake('s2', 'a', { cap: 1, groupCap: 1, ttlSec: 0.3 })).toBe(true);
    expect(await kv.slotTake('s2', 'b', { cap: 1, groupCap: 1, ttlSec: 0.3 })).toBe(false);
    await sleep(400);
    expect(await kv.slotTake('s2', 'b', { cap: 1, groupCap: 1, ttlSec: 0.3 })).toBe(true);
  });

  it('slots: members of one group share a place up to groupCap; a kept slot outlives its first ttl', async () => {
    const limits = { cap: 2, groupCap: 4, ttlSec: 10 };
    for (let i = 0; i < 4; i++) expect(await kv.slotTake('s3', `round-1#col${i}`, limits)).toBe(true);
    expect(await kv.slotTake('s3', 'round-1#col4', limits)).toBe(false);
    expect(await kv.slotTake('s3', 'plain', limits)).toBe(true);
    expect(await kv.slotTake('s3', 'round-2#col0', limits)).toBe(false);

    const short = { cap: 1, groupCap: 1, ttlSec: 0.4 };
    expect(await kv.slotTake('s4', 'kept', short)).toBe(true);
    await sleep(250);
    await kv.slotKeep('s4', 'kept', 0.4);
    await sleep(250);
    expect(await kv.slotTake('s4', 'other', short)).toBe(false);
    await kv.slotKeep('s4', 'never-taken', 0.4);
    await sleep(500);
    expect(await kv.slotTake('s4', 'other', short)).toBe(true);
    expect(await kv.slotTake('s4', 'never-taken', short)).toBe(false);
  });

  it('admit: the start is counted like incr, then a slot is taken like slotTake, atomically under concurrency', async () => {
    const slot = (member: string) => ({ key: 'ad1', member, cap: 2, groupCap: 1, ttlSec: 10 });
    const rate = { key: 'ad1:rate', windowSec: 10, max: 5 };
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => kv.admit(rate, slot(`m${i}`))));
    // Five starts fit the window; of those, two find a free slot.
    expect(answers.filter((a) => a === 'ok')).toHaveLength(2);
    expect(answers.filter((a) => a === 'full')).toHaveLength(3);
    expect(answers.filter((a) => a === 'rate')).toHaveLength(3);
    // Every start was counted, refused ones included; a refused start took no slot.
    expect(await kv.get('ad1:rate')).toBe('8');
    expect(await kv.slotTake('ad1', 'direct', { cap: 3, groupCap: 1, ttlSec: 10 })).toBe(true);
    // The window is over: starts are admitted again, up to the slots free.
    const short = { key: 'ad2:rate', windowSec: 0.3, max: 1 };
    expect(await kv.admit(short, { ...slot('x'), key: 'ad2' })).toBe('ok');
    expect(await kv.admit(short, { ...slot('y'), key: 'ad2' })).toBe('rate');
    await sleep(400);
    expect(await kv.admit(short, { ...slot('y'), key: 'ad2' })).toBe('ok');
    expect(await kv.admit({ ...short, key: 'ad3:rate' }, { ...slot('z'), key: 'ad2' })).toBe('full');
  });

  it('keeps keys apart', async () => {
    await kv.incr('a', 10);
    await kv.incr('a', 10);
    expect(await kv.incr('b', 10)).toBe(1);
  });

  it('logs: appended entries read back after an id, in order, in pages; trimmed to about maxLen; lapsing as a whole', async () => {
    const limits = { maxLen: 1000, ttlSec: 0.4 };
    expect(await kv.logRange('log1', 0, 10)).toBeNull();
    for (let id = 1; id <= 120; id++) await kv.logAppend('log1', id, `event ${id}`, limits);
    const after30 = await kv.logRange('log1', 30, 1000);
    expect(after30!.map((e) => e.id)).toEqual(Array.from({ length: 90 }, (_, i) => 31 + i));
    expect(after30![0]!.value).toBe('event 31');
    expect((await kv.logRange('log1', 0, 5))!.map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
    expect(await kv.logRange('log1', 120, 10)).toEqual([]);
    // An id not above the last one is refused, and the log is as it was.
    await expect(kv.logAppend('log1', 120, 'again', limits)).rejects.toThrow();
    expect((await kv.logRange('log1', 119, 10))!.map((e) => e.value)).toEqual(['event 120']);
    // Each append moves the lapse time on; left alone, the whole log lapses.
    await sleep(250);
    await kv.logAppend('log1', 121, 'event 121', limits);
    await sleep(250);
    expect((await kv.logRange('log1', 120, 10))!.map((e) => e.id)).toEqual([121]);
    await sleep(300);
    expect(await kv.logRange('log1', 0, 10)).toBeNull();
    // Bounded: the oldest entries go (Redis trims whole nodes, so "about": never fewer than maxLen are kept).
    for (let id = 1; id <= 600; id++) await kv.logAppend('log2', id, 'x'.repeat(10), { maxLen: 100, ttlSec: 5 });
    const kept = (await kv.logRange('log2', 0, 1000))!;
    expect(kept.at(-1)!.id).toBe(600);
    expect(kept.length).toBeGreaterThanOrEqual(100);
    expect(kept.length).toBeLessThan(600);
    expect(kept[0]!.id).toBe(601 - kept.length);
  });

  it('delivers published messages to each subscriber of the channel until it unsubscribes', async () => {
    const a: string[] = [];
    const b: string[] = [];
    const offA = await kv.subscribe('ch1', (m) => a.push(m));
    const offB = await kv.subscribe('ch1', (m) => b.push(m));
    const other: string[] = [];
    const offOther = await kv.subscribe('ch2', (m) => other.push(m));
    await kv.publish('ch1', 'one');
    await waitFor(() => a.length === 1 && b.length === 1);
    offA();
    await kv.publish('ch1', 'two');
    await waitFor(() => b.length === 2);
    expect(a).toEqual(['one']);
    expect(b).toEqual(['one', 'two']);
    expect(other).toEqual([]);
    offB();
    offOther();
  });
});

/** Poll until `ok` (pub/sub over Redis arrives a moment later); fails after 3 s. */
async function waitFor(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 150 && !ok(); i++) await sleep(20);
  expect(ok()).toBe(true);
}

describe.skipIf(!haveRedis)('Redis pub/sub across processes', () => {
  it('a message published by one store reaches a subscriber on another connection with the same prefix only', async () => {
    const prefix = testRedisPrefix();
    const one = await createRedisStore(redisUrl, prefix);
    const two = await createRedisStore(redisUrl, prefix);
    const foreign = await createRedisStore(redisUrl, testRedisPrefix());
    try {
      const heard: string[] = [];
      const strayed: string[] = [];
      await two.subscribe('drop', (m) => heard.push(m));
      await foreign.subscribe('drop', (m) => strayed.push(m));
      await one.publish('drop', 'h:abc');
      await waitFor(() => heard.length === 1);
      expect(heard).toEqual(['h:abc']);
      await sleep(50);
      expect(strayed).toEqual([]);
    } finally {
      await Promise.all([one.close(), two.close(), foreign.close()]);
    }
  });
});

describe('memory store sweep', () => {
  it('drops expired entries without a read', async () => {
    let t = 1_000;
    const kv = createMemoryStore({ now: () => t, sweepEveryMs: 10 });
    await kv.set('x', '1', 1);
    t += 2_000;
    await sleep(30);
    // After the sweep the value is gone even if the clock went back (proves it was removed, not lazily hidden).
    t = 1_000;
    expect(await kv.get('x')).toBeNull();
    await kv.close();
  });
});

describe('createKeyValueStore', () => {
  it('uses memory without REDIS_URL', async () => {
    const kv = await createKeyValueStore(testConfig());
    expect(kv.kind).toBe('memory');
    await kv.close();
  });

  it('fails fast when REDIS_URL does not answer', async () => {
    await expect(createKeyValueStore(testConfig({ REDIS_URL: 'redis://127.0.0.1:1' }))).rejects.toThrow(/not reachable/);
  });

  it.skipIf(!haveRedis)('uses Redis when REDIS_URL is set', async () => {
    const kv = await createKeyValueStore(testConfig({ REDIS_URL: redisUrl }));
    expect(kv.kind).toBe('redis');
    await kv.close();
  });
});
