import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { PERSONA_STATUS } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { redisAnswers, TEST_REDIS_URL, testRedisPrefix } from '../../../test/redis';
import { dataOf, namesOf, postChat } from '../../../test/sse-client';
import { testConfig } from '../../config';
import { loadCatalog } from '../../catalog';
import { createLlmGateway, type LlmGateway } from '../../llm/gateway';
import { createMemoryStore, createRedisStore, type KeyValueStore } from '../../infra/kv';
import type { Database } from '../../db/client';
import { quotaUsage } from '../quota/service';

/**
 * QUALITY G1 by construction: before the upstream request of a plain chat turn the server makes
 * at most ONE database round trip (the quota hold; the session, tier, model facts come from
 * memory) and at most ONE round trip to the shared store (start rate and live-answer slot in one
 * call). Everything else (the question's record, the reply, the charge) happens after the first
 * byte. Counted by wrapping the database client and the key-value store the server runs on, and
 * reading the counters at the moment the upstream is called.
 */
const ENV = { DEMO_TOKEN_DELAY_MS: '0' };
const haveRedis = await redisAnswers(TEST_REDIS_URL);

interface Counter {
  db: number;
  kv: number;
  /** What had been counted since `mark()` when the upstream was asked for an answer. */
  atUpstream: { db: number; kv: number }[];
  mark(): void;
}

function newCounter(): Counter {
  let since = { db: 0, kv: 0 };
  const c: Counter = {
    db: 0,
    kv: 0,
    atUpstream: [],
    mark() {
      since = { db: c.db, kv: c.kv };
      c.atUpstream = [];
    },
  };
  (c as Counter & { since: () => typeof since }).since = () => since;
  return c;
}

/** Count every call into the database client: each is one round trip (PGlite: one trip into its engine). */
function countDatabase(database: Database, counter: Counter): void {
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  // PGlite: query, exec, transaction; node-postgres Pool: query, connect (a transaction's
  // connection). Pool.query takes its connection through connect(): counted once, as the query.
  let insideQuery = false;
  for (const name of ['query', 'exec', 'transaction', 'connect']) {
    const original = client[name];
    if (typeof original !== 'function') continue;
    client[name] = (...args: unknown[]) => {
      if (!(name === 'connect' && insideQuery)) counter.db++;
      insideQuery = name === 'query';
      try {
        return (original as (...a: unknown[]) => unknown).apply(client, args);
      } finally {
        insideQuery = false;
      }
    };
  }
}

/** Count every call of the shared store (each is one Redis round trip). */
function countKv(kv: KeyValueStore, counter: Counter): KeyValueStore {
  return new Proxy(kv, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      // The answer log's appends (streaming/answer-log.ts) are not awaited by the stream: no wait before the upstream.
      if (typeof value !== 'function' || prop === 'close' || prop === 'subscribe' || prop === 'logAppend') return value;
      return (...args: unknown[]) => {
        counter.kv++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** The gateway, noting the counters at the moment each upstream request starts. */
function watchUpstream(llm: LlmGateway, counter: Counter): LlmGateway {
  return {
    ...llm,
    stream(req) {
      const since = (counter as Counter & { since: () => { db: number; kv: number } }).since();
      counter.atUpstream.push({ db: counter.db - since.db, kv: counter.kv - since.kv });
      return llm.stream(req);
    },
  };
}

describe.each(testDbKinds())(`round trips before the upstream request on %s (${haveRedis ? 'Redis' : 'memory store'})`, (kind) => {
  let t: TestApp;
  let base: string;
  const counter = newCounter();

  beforeAll(async () => {
    const catalog = loadCatalog();
    const llm = await createLlmGateway(testConfig(ENV), catalog, pino({ level: 'silent' }));
    const store = haveRedis ? await createRedisStore(TEST_REDIS_URL, testRedisPrefix()) : createMemoryStore();
    t = await createTestApp(kind, { env: ENV, overrides: { catalog, llm: watchUpstream(llm, counter), kv: countKv(store, counter) } });
    countDatabase(t.ctx.database, counter);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const chat = async (token: string, prompt: string, conversationId: string, personaId?: number) => {
    counter.mark();
    const call = await postChat(base, 'deepseek_v3', { prompt, conversationId, personaId }, token);
    await call.finished;
    expect(namesOf(call).at(-1), JSON.stringify(call.envelope ?? call.events)).toBe('done');
    return call;
  };

  it('a plain chat turn: one database round trip (the hold) and one shared-store call before the upstream; the rest after', async () => {
    const { token, user } = await t.loginAs();
    // The first turn reads the session from the database (then cached); the next ones do not.
    await chat(token, '第一问 [demo:tokens=3]', 'rt-1');
    for (let i = 0; i < 3; i++) {
      const call = await chat(token, `再问 ${i} [demo:tokens=3]`, 'rt-1');
      expect(counter.atUpstream).toEqual([{ db: 1, kv: 1 }]);
      // What the turn writes after its first byte really happened: the question and the reply, and the charge.
      expect(dataOf(call, 'done')?.messageId).toBeTruthy();
    }
    const rows = await t.ctx.database.db.execute(
      sql`SELECT role, count(*)::int AS n FROM messages WHERE user_id = ${user.id} GROUP BY role ORDER BY role`,
    );
    expect((rows as unknown as { rows: { role: string; n: number }[] }).rows).toEqual([
      { role: 'assistant', n: 4 },
      { role: 'user', n: 4 },
    ]);
    expect(await quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 4, reserved: 0 });
  });

  it('a chat turn with a persona: its facts come from memory after the first use, so still one round trip', async () => {
    const { token } = await t.loginAs();
    const rows = await t.ctx.database.db.execute(sql`SELECT id FROM personas WHERE user_id IS NULL AND is_public AND status = ${PERSONA_STATUS.approved} ORDER BY id LIMIT 1`);
    const personaId = Number((rows as unknown as { rows: { id: number | string }[] }).rows[0]!.id);
    await chat(token, '第一问 [demo:tokens=3]', 'rt-p', personaId);
    for (let i = 0; i < 2; i++) {
      await chat(token, `再问 ${i} [demo:tokens=3]`, 'rt-p', personaId);
      expect(counter.atUpstream).toEqual([{ db: 1, kv: 1 }]);
    }
  });
});
