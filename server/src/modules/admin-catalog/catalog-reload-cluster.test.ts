import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UsageItem } from '@wanxiang/contract';
import { DEFAULT_CATALOG_DIR } from '../../catalog';
import { lockDocumentSaves, writeDocument } from '../../catalog/documents/store';
import { createMemoryStore, createRedisStore, type KeyValueStore } from '../../infra/kv';
import { createTestApp, newPhone, randomIp, type TestApp } from '../../../test/app';
import { openSecondInstance, testDbKinds } from '../../../test/db';
import { redisAnswers, TEST_REDIS_URL, testRedisPrefix } from '../../../test/redis';

const haveRedis = await redisAnswers();
if (!haveRedis)
  console.log(`[catalog] Redis at ${TEST_REDIS_URL} is not reachable: the reload over Redis pub/sub is skipped (the poll is still tested)`);

type TiersFile = { levels: { vip: number; daily: Record<string, number> }[] };
const tiersWithFreeChat = (n: number): TiersFile => {
  const tiers = JSON.parse(readFileSync(join(DEFAULT_CATALOG_DIR, 'tiers.json'), 'utf8')) as TiersFile;
  tiers.levels.find((l) => l.vip === 0)!.daily.chat = n;
  return tiers;
};

/**
 * Two server processes over one database: a save in the console of one reaches the other without a restart, by the
 * poll of max(version) alone (separate memory stores, so no message can carry it), or by the Redis message alone (the
 * poll off). A saved document that no longer passes its check (written behind the console's back, as an upgrade that
 * tightened a check would leave it) keeps the previous snapshot in force and is logged.
 */
const buses: [string, () => Promise<[KeyValueStore, KeyValueStore]>, string][] = [
  ['the poll', async () => [createMemoryStore(), createMemoryStore()], '100'],
];
if (haveRedis) {
  buses.push([
    'Redis pub/sub',
    async () => {
      const prefix = testRedisPrefix();
      return [await createRedisStore(TEST_REDIS_URL, prefix), await createRedisStore(TEST_REDIS_URL, prefix)];
    },
    '0',
  ]);
}

describe.each(testDbKinds())('catalog reload across processes on %s', (kind) => {
  describe.each(buses)('by %s', (_name, open, pollMs) => {
    const adminPhone = newPhone();
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      const [kvA, kvB] = await open();
      const env = { ADMIN_PHONES: adminPhone, CATALOG_POLL_MS: pollMs };
      a = await createTestApp(kind, { env, overrides: { kv: kvA }, background: ['quota', 'catalog'] });
      const database = await openSecondInstance(a.ctx.database, kind);
      b = await createTestApp(kind, { env, overrides: { kv: kvB, database }, background: ['quota', 'catalog'] });
    }, 120_000);
    afterAll(async () => {
      // b's database handle is its own pool (PostgreSQL) or a no-op close of a's (PGlite): close b first.
      await b?.close();
      await a?.close();
    });

    const freeChatMax = async (t: TestApp, token: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/v1/number/all', headers: { token } }))
        .json<{ data: UsageItem[] }>()
        .data.find((i) => i.key === 'chat')?.max;
    /** Until `check` holds on the other process (a few seconds at most), or the last value seen. */
    const eventually = async <T>(read: () => Promise<T>, want: T): Promise<T> => {
      let seen = await read();
      for (let i = 0; i < 100 && seen !== want; i++) {
        await new Promise((r) => setTimeout(r, 50));
        seen = await read();
      }
      return seen;
    };

    it('a save and a reset on one process reach the other', async () => {
      const admin = (await a.loginAs(adminPhone)).token;
      const { token } = await b.loginAs();
      expect(await freeChatMax(b, token)).toBe(20);

      const put = await a.app.inject({
        method: 'PUT',
        url: '/api/admin/catalog/tiers',
        headers: { token: admin },
        payload: { content: tiersWithFreeChat(4) },
        remoteAddress: randomIp(),
      });
      expect(put.json().code).toBe(200);
      expect(await eventually(() => freeChatMax(b, token), 4)).toBe(4);

      const del = await a.app.inject({
        method: 'DELETE',
        url: '/api/admin/catalog/tiers',
        headers: { token: admin },
        remoteAddress: randomIp(),
      });
      expect(del.json().code).toBe(200);
      expect(await eventually(() => freeChatMax(b, token), 20)).toBe(20);
    });

    it('a saved document that fails its check keeps the previous snapshot and is logged', async () => {
      const { token } = await b.loginAs();
      const logged = vi.spyOn(b.ctx.documents.log, 'error');
      const bad = tiersWithFreeChat(-7);
      const version = await a.ctx.database.db.transaction(async (tx) => {
        await lockDocumentSaves(tx);
        return (await writeDocument(tx, 'tiers', bad, null)).version;
      });
      await a.ctx.documents.announce(version);
      await eventually(async () => b.ctx.documents.loadedVersion, version);
      expect(b.ctx.documents.loadedVersion).toBe(version);
      expect(await freeChatMax(b, token)).toBe(20);
      expect(logged).toHaveBeenCalled();
      logged.mockRestore();
      // Back to the file for the other tests of the file.
      const reset = await a.ctx.database.db.transaction(async (tx) => {
        await lockDocumentSaves(tx);
        return (await writeDocument(tx, 'tiers', null, null)).version;
      });
      await a.ctx.documents.announce(reset);
    });
  });
});
