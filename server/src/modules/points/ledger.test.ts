import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, MSG } from '@wanxiang/contract';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { openTestDatabase, testDbKinds } from '../../../test/db';
import { releaseReservation, reserveChat, settleReservation, type QuotaContext } from '../quota/service';
import { rows } from '../../db/sql';
import { applyPoints, ledgerSum, selectPoints } from './ledger';
import { grantBindPhoneBonus } from './service';

/**
 * G7 for points: the balance never goes below zero and sum(points_ledger.delta) equals
 * users.points at every instant, under 1,000 racing requests.
 */
describe.each(testDbKinds())('points ledger on %s', (kind) => {
  let database: Database;
  let ctx: QuotaContext;
  let n = 0;

  const newUser = async (points = 0): Promise<number> => {
    n++;
    const [row] = await rows<{ id: number }>(
      database.db,
      sql`INSERT INTO users (account, invite_code) VALUES (${`ledger_${kind}_${n}_${Date.now()}`}, ${`L${n}${Date.now() % 1e9}`}) RETURNING id`,
    );
    const id = Number(row!.id);
    if (points) await applyPoints(database.db, { userId: id, delta: points, reason: 'seed' });
    return id;
  };
  const balanced = async (userId: number) => {
    const balance = (await selectPoints(database.db, userId))!;
    expect(await ledgerSum(database.db, userId)).toBe(balance);
    return balance;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ctx = { config: testConfig(), database, catalog: { dailyLimit: () => -1 } };
  });
  afterAll(async () => {
    await database?.close();
  });

  it('1,000 parallel only_points reservations against a balance of 100 admit exactly 100; the ledger always sums to the balance', async () => {
    const userId = await newUser(100);
    const model = { quotaKey: 'chat_v40', blockedVips: [] as number[], only_points: true, allow_points: true, consume_points: 1 };
    let sampling = true;
    let mismatches = 0;
    let lowest = Infinity;
    // Read balance and ledger sum in one statement while the reservations race: they must agree.
    const sampler = (async () => {
      while (sampling) {
        const [s] = await rows<{ p: number; l: number }>(
          database.db,
          sql`SELECT (SELECT points FROM users WHERE id = ${userId}::bigint) AS p,
                     (SELECT coalesce(sum(delta), 0)::int FROM points_ledger WHERE user_id = ${userId}::bigint) AS l`,
        );
        if (Number(s!.p) !== Number(s!.l)) mismatches++;
        lowest = Math.min(lowest, Number(s!.p));
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) => reserveChat(ctx, { id: userId, vip: 0 }, model, {}, `r${i}`)),
    );
    sampling = false;
    await sampler;
    const admitted = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(admitted).toHaveLength(100);
    expect(refused).toHaveLength(900);
    for (const e of refused) {
      expect(e).toBeInstanceOf(AppError);
      expect(e).toMatchObject({ code: Code.NO_POINTS, message: MSG.pointsNotEnough(1) });
    }
    expect(mismatches).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(await balanced(userId)).toBe(0);

    // Settle half, release half, each close sent twice at once: each takes effect once.
    const closes = admitted.flatMap((r, i) => {
      const close = i % 2 === 0 ? settleReservation : releaseReservation;
      return [close(ctx, r), close(ctx, r)];
    });
    expect((await Promise.all(closes)).filter(Boolean)).toHaveLength(100);
    expect(await balanced(userId)).toBe(50);
    const [refunds] = await rows<{ c: number }>(
      database.db,
      sql`SELECT count(*)::int AS c FROM points_ledger WHERE user_id = ${userId}::bigint AND reason = 'chat_refund'`,
    );
    expect(Number(refunds!.c)).toBe(50);
  });

  it('1,000 parallel debits of 1 against 100 points: exactly 100 succeed, balance 0, never negative', async () => {
    const userId = await newUser(100);
    const out = await Promise.all(Array.from({ length: 1000 }, () => applyPoints(database.db, { userId, delta: -1, reason: 'tool' })));
    expect(out.filter(Boolean)).toHaveLength(100);
    expect(await balanced(userId)).toBe(0);
    const after = out.flatMap((o) => (o ? [o.balance] : [])).sort((a, b) => a - b);
    expect(after).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('a credit with an idem key happens once, even when 50 race', async () => {
    const userId = await newUser();
    const out = await Promise.all(
      Array.from({ length: 50 }, () => applyPoints(database.db, { userId, delta: 10, reason: 'pay', idemKey: `pay:${userId}:1` })),
    );
    expect(out.filter(Boolean)).toHaveLength(1);
    expect(await balanced(userId)).toBe(10);
  });

  it('the bind bonus is once per person and never twice for one number', async () => {
    const a = await newUser();
    const b = await newUser();
    const phone = `138${String(Date.now() % 1e8).padStart(8, '0')}`;
    expect(await grantBindPhoneBonus(database.db, a, phone)).toMatchObject({ balance: 10 });
    expect(await grantBindPhoneBonus(database.db, a, '13700000001')).toBeNull();
    expect(await grantBindPhoneBonus(database.db, b, phone)).toBeNull();
    expect(await balanced(a)).toBe(10);
    expect(await balanced(b)).toBe(0);
  });
});
