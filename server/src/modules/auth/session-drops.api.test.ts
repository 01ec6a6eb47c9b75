import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createRedisStore, type KeyValueStore } from '../../infra/kv';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { redisAnswers, TEST_REDIS_URL, testRedisPrefix } from '../../../test/redis';
import { forgetUserSessions, resolveSessionToken } from './service';

const redisUrl = TEST_REDIS_URL;
const haveRedis = await redisAnswers();
if (!haveRedis) console.log(`[auth] Redis at ${redisUrl} is not reachable: the two-process logout test over Redis is skipped`);

/** Two stores that reach each other as two processes would: one shared memory store, or two Redis connections. */
const buses: Array<[string, () => Promise<[KeyValueStore, KeyValueStore]>]> = [
  [
    'one memory store',
    async () => {
      const kv = createMemoryStore();
      return [kv, kv];
    },
  ],
];
if (haveRedis) {
  buses.push([
    'Redis',
    async () => {
      const prefix = testRedisPrefix();
      return [await createRedisStore(redisUrl, prefix), await createRedisStore(redisUrl, prefix)];
    },
  ]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Several server processes on one database and one shared store: a logout on one process ends
 * the session on the others at once, though they had it cached (not at the cache's 10 s TTL).
 */
describe.each(testDbKinds())('sessions across processes on %s', (kind) => {
  describe.each(buses)('over %s', (_name, open) => {
    let a: TestApp;
    let b: TestApp;
    let kvs: [KeyValueStore, KeyValueStore];
    beforeAll(async () => {
      kvs = await open();
      a = await createTestApp(kind, { overrides: { kv: kvs[0] } });
      b = await createTestApp(kind, { overrides: { kv: kvs[1], database: a.ctx.database } });
    }, 120_000);
    afterAll(async () => {
      // b shares a's database: close b's server only, then a (which closes the database and its store).
      await b?.app.close();
      await a?.close();
      if (kvs && kvs[1] !== kvs[0]) await kvs[1].close();
    });

    const info = (t: TestApp, token: string) => t.app.inject({ method: 'GET', url: '/api/v1/user/info', headers: { token } });

    it('a logout on one process is refused on the other at once', async () => {
      const { token } = await a.loginAs();
      // Both processes have the session cached.
      expect((await info(a, token)).statusCode).toBe(200);
      expect((await info(b, token)).statusCode).toBe(200);
      expect((await a.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: { token } })).json().code).toBe(200);
      let status = 0;
      for (let i = 0; i < 50 && status !== 401; i++) {
        status = (await info(b, token)).statusCode;
        if (status !== 401) await sleep(20);
      }
      expect(status).toBe(401);
    });

    it("a change to a user (vip, phone) makes the other process read the user's sessions fresh", async () => {
      const { token, user } = await a.loginAs();
      const cached = await resolveSessionToken(b.ctx, token);
      expect(cached?.id).toBe(user.id);
      // The session is gone from the database; only b's cache still knows it, until a says otherwise.
      await a.ctx.database.exec(`DELETE FROM auth_tokens WHERE user_id = ${Number(user.id)}`);
      expect(await resolveSessionToken(b.ctx, token)).not.toBeNull();
      forgetUserSessions(a.ctx, Number(user.id));
      let seen: unknown = cached;
      for (let i = 0; i < 50 && seen !== null; i++) {
        seen = await resolveSessionToken(b.ctx, token);
        if (seen !== null) await sleep(20);
      }
      expect(seen).toBeNull();
    });
  });
});
