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

/**
 * Take a slot in a capped set (KeyValueStore.slotTake) atomically: a sorted set of members scored
 * by when they lapse, on Redis's own clock so every process agrees. Lapsed members go first; a
 * member's group is the text before its first '#'.
 */
const SLOT_TAKE_FN = `
local function slotTake(key, member, cap, groupCap, ttl)
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  local function groupOf(m)
    local i = string.find(m, '#', 1, true)
    if i then return string.sub(m, 1, i - 1) end
    return m
  end
  local group = groupOf(member)
  local seen, groups, inGroup = {}, 0, 0
  for _, m in ipairs(redis.call('ZRANGE', key, 0, -1)) do
    local g = groupOf(m)
    if not seen[g] then seen[g] = true; groups = groups + 1 end
    if g == group then inGroup = inGroup + 1 end
  end
  if inGroup > 0 then
    if inGroup >= groupCap then return 0 end
  elseif groups >= cap then return 0 end
  redis.call('ZADD', key, now + ttl, member)
  if redis.call('PTTL', key) < ttl then redis.call('PEXPIRE', key, ttl) end
  return 1
end`;
const SLOT_TAKE = `${SLOT_TAKE_FN}
return slotTake(KEYS[1], ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]))`;

/**
 * KeyValueStore.admit: the start-rate hit (INCR_WITH_WINDOW on KEYS[1]) and, when the window is
 * not over its max, the slot (SLOT_TAKE on KEYS[2]) in one script: one round trip before a stream.
 * Answers 1 (admitted), 0 (no free slot) or -1 (too many starts).
 */
const ADMIT = `${SLOT_TAKE_FN}
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if hits > tonumber(ARGV[2]) then return -1 end
return slotTake(KEYS[2], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]))`;

/** Move a live slot's lapse time on (XX: never re-adds a lapsed one) and the set's own expiry with it. */
const SLOT_KEEP = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) <= now then return 0 end
redis.call('ZADD', KEYS[1], 'XX', now + ttl, ARGV[1])
if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
return 1`;

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
  // EVALSHA with a fallback to EVAL: the hot path sends the script's hash, not its text.
  redis.defineCommand('wxAdmit', { numberOfKeys: 2, lua: ADMIT });
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
    async slotTake(key, member, limits) {
      const v = await redis.eval(SLOT_TAKE, 1, prefix + key, member, limits.cap, limits.groupCap, ms(limits.ttlSec));
      return Number(v) === 1;
    },
    async admit(rate, slot) {
      const admit = (redis as unknown as { wxAdmit: (...args: (string | number)[]) => Promise<number> }).wxAdmit;
      const v = Number(
        await admit.call(redis, prefix + rate.key, prefix + slot.key, ms(rate.windowSec), rate.max, slot.member, slot.cap, slot.groupCap, ms(slot.ttlSec)),
      );
      return v === 1 ? 'ok' : v === -1 ? 'rate' : 'full';
    },
    async slotKeep(key, member, ttlSec) {
      await redis.eval(SLOT_KEEP, 1, prefix + key, member, ms(ttlSec));
    },
    async slotFree(key, member) {
      await redis.zrem(prefix + key, member);
    },
    async logAppend(key, id, value, limits) {
      // One round trip (auto-pipelined): the entry, then the log's lapse time moved on.
      const [added] = (await redis
        .multi()
        .xadd(prefix + key, 'MAXLEN', '~', limits.maxLen, `0-${id}`, 'v', value)
        .pexpire(prefix + key, ms(limits.ttlSec))
        .exec()) ?? [[new Error('kv: log append not run'), null]];
      if (added?.[0]) throw added[0];
    },
    async logRange(key, afterId, count) {
      const res = await redis.multi().exists(prefix + key).xrange(prefix + key, `(0-${afterId}`, '+', 'COUNT', count).exec();
      if (!res) throw new Error('kv: log range not run');
      const [[existsErr, exists], [rangeErr, range]] = res as [[Error | null, number], [Error | null, [string, string[]][]]];
      if (existsErr || rangeErr) throw existsErr ?? rangeErr;
      if (!exists) return null;
      return range.map(([entryId, fields]) => ({ id: Number(entryId.slice(entryId.indexOf('-') + 1)), value: fields[1] ?? '' }));
    },
    async close() {
      handlers.clear();
      await subscriber?.quit().catch(() => subscriber?.disconnect());
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
