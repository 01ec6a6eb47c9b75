import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG } from '@wanxiang/contract';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { openTestDatabase, testDbKinds } from '../../../test/db';
import { grantBonusCounts, selectBonus } from './bonus';
import { quotaUsage, reapStaleReservations, releaseReservation, reserveQuota, settleReservation, type QuotaContext } from './service';
import { BONUS_PERIOD, selectHoldStatus } from './store';

/**
 * Bonus counts (quota_bonus): grants are idempotent, and a hold falls back to them only once
 * today's counts are exhausted, admitting exactly what was granted under any concurrency;
 * settle, release and the reaper close the bonus bucket exactly once.
 */
const catalog = { dailyLimit: (key: string, vip: number) => (key === 'chat' ? (vip === 0 ? 3 : -1) : key === 'ai_video' ? 0 : -1) };
const metered = { quotaKey: 'chat', blockedVips: [] as number[] };

describe.each(testDbKinds())('bonus counts on %s', (kind) => {
  let database: Database;
  let ctx: QuotaContext;
  // Ids far from other files' users: these tables have no foreign key to users.
  let next = 800_000 + Math.floor(Math.random() * 100_000);
  const user = (vip = 0) => ({ id: next++, vip });
  const bonusOf = async (userId: number, key: string) => (await selectBonus(database.db, userId)).find((b) => b.quotaKey === key);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ctx = { config: testConfig(), database, catalog };
  });
  afterAll(async () => {
    await database?.close();
  });

  it('a grant with an idem key happens once when 20 race; grants without keys add up', async () => {
    const u = user();
    const out = await Promise.all(
      Array.from({ length: 20 }, () =>
        grantBonusCounts(database.db, { userId: u.id, quotaKey: 'chat', amount: 5, reason: 'signin', idemKey: `t:${u.id}:1` }),
      ),
    );
    expect(out.filter(Boolean)).toHaveLength(1);
    expect(await grantBonusCounts(database.db, { userId: u.id, quotaKey: 'chat', amount: 2, reason: 'card' })).toBe(true);
    expect(await grantBonusCounts(database.db, { userId: u.id, quotaKey: 'chat', amount: 3, reason: 'card' })).toBe(true);
    expect(await bonusOf(u.id, 'chat')).toEqual({ quotaKey: 'chat', granted: 10, used: 0, reserved: 0 });
  });

  it('daily counts first; with 0 left, 200 parallel holds against 50 bonus counts admit exactly 50', async () => {
    const u = user(0); // 3 a day
    await grantBonusCounts(database.db, { userId: u.id, quotaKey: 'chat', amount: 50, reason: 'signin' });
    // The first three holds take the day's counts, not the bonus.
    const daily = await Promise.all([0, 1, 2].map((i) => reserveQuota(ctx, u, metered, `d${i}`)));
    expect(daily.every((r) => r.period !== BONUS_PERIOD)).toBe(true);
    for (const r of daily) await settleReservation(ctx, r);
    expect(await bonusOf(u.id, 'chat')).toMatchObject({ used: 0, reserved: 0 });

    const results = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => reserveQuota(ctx, u, metered, `b${i}`)));
    const admitted = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(admitted).toHaveLength(50);
    expect(admitted.every((r) => r.period === BONUS_PERIOD && r.metered)).toBe(true);
    expect(refused).toHaveLength(150);
    for (const e of refused) {
      expect(e).toBeInstanceOf(AppError);
      expect(e).toMatchObject({ code: Code.NO_COUNT, message: MSG.countExhausted });
    }
    expect(await bonusOf(u.id, 'chat')).toMatchObject({ granted: 50, used: 0, reserved: 50 });
    // The daily counter is untouched by bonus holds.
    expect(await quotaUsage(ctx, u.id, 'chat')).toEqual({ used: 3, reserved: 0 });

    // Settle half and release half, each close sent twice at once: each takes effect once.
    const closes = admitted.flatMap((r, i) => {
      const close = i % 2 === 0 ? settleReservation : releaseReservation;
      return [close(ctx, r), close(ctx, r)];
    });
    expect((await Promise.all(closes)).filter(Boolean)).toHaveLength(50);
    expect(await bonusOf(u.id, 'chat')).toMatchObject({ granted: 50, used: 25, reserved: 0 });
    const statuses = await Promise.all(admitted.map((r) => selectHoldStatus(database.db, u.id, r.id)));
    expect(statuses.filter((s) => s === 'settled')).toHaveLength(25);
    expect(statuses.filter((s) => s === 'released')).toHaveLength(25);
    // Released bonus counts are free again: exactly 25 more fit.
    const more = await Promise.allSettled(Array.from({ length: 40 }, () => reserveQuota(ctx, u, metered, 'again')));
    expect(more.filter((r) => r.status === 'fulfilled')).toHaveLength(25);
  });

  it('a tier with no daily counts for a key spends bonus counts; without any it still refuses without writing', async () => {
    const u = user(0);
    const video = { quotaKey: 'ai_video', blockedVips: [] as number[] };
    await expect(reserveQuota(ctx, u, video, 'none')).rejects.toMatchObject({ code: Code.NO_COUNT });
    expect(await bonusOf(u.id, 'ai_video')).toBeUndefined();
    await grantBonusCounts(database.db, { userId: u.id, quotaKey: 'ai_video', amount: 1, reason: 'signin' });
    const r = await reserveQuota(ctx, u, video, 'one');
    expect(r.period).toBe(BONUS_PERIOD);
    await expect(reserveQuota(ctx, u, video, 'two')).rejects.toMatchObject({ code: Code.NO_COUNT });
    expect(await settleReservation(ctx, r)).toBe(true);
    expect(await releaseReservation(ctx, r)).toBe(false);
    expect(await bonusOf(u.id, 'ai_video')).toMatchObject({ granted: 1, used: 1, reserved: 0 });
  });

  it('the reaper gives stale bonus holds back to the bonus bucket', async () => {
    const u = user(0);
    for (let i = 0; i < 3; i++) await settleReservation(ctx, await reserveQuota(ctx, u, metered, `d${i}`));
    await grantBonusCounts(database.db, { userId: u.id, quotaKey: 'chat', amount: 2, reason: 'signin' });
    const stale = await reserveQuota(ctx, u, metered, 'stale');
    const fresh = await reserveQuota(ctx, u, metered, 'fresh');
    await database.exec(`UPDATE quota_reservations SET created_at = now() - interval '11 minutes' WHERE id = '${stale.id}'`);
    expect(await reapStaleReservations(ctx)).toBeGreaterThanOrEqual(1);
    expect(await selectHoldStatus(database.db, u.id, stale.id)).toBe('released');
    expect(await selectHoldStatus(database.db, u.id, fresh.id)).toBe('held');
    expect(await bonusOf(u.id, 'chat')).toMatchObject({ granted: 2, used: 0, reserved: 1 });
    expect(await settleReservation(ctx, stale)).toBe(false);
  });
});
