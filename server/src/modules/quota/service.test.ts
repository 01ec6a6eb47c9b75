import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG } from '@wanxiang/contract';
import { testConfig } from '../../config';
import type { Catalog } from '../../catalog';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { openTestDatabase, testDbKinds } from '../../../test/db';
import { businessDay } from './period';
import { selectHoldStatus } from './store';
import {
  quotaUsage,
  reapStaleReservations,
  releaseReservation,
  reserveQuota,
  settleReservation,
  startReservationReaper,
  type QuotaContext,
} from './service';
import { codeOf } from '../../../test/app-error';

/** Daily limits by quota key and vip, as the catalog would give them. */
const LIMITS: Record<string, Record<number, number>> = {
  chat: { 0: 3, 1: 100 },
  chat_v40: { 0: 0, 1: 100, 52: -1 },
};

const catalog: Pick<Catalog, 'dailyLimit'> = {
  dailyLimit: (key, vip) => LIMITS[key]?.[vip] ?? 0,
};

const metered = { quotaKey: 'chat', blockedVips: [] as number[] };
const premium = { quotaKey: 'chat_v40', blockedVips: [0] };
const premiumTop = { quotaKey: 'chat_v40', blockedVips: [0, 52] };
const unmetered = { quotaKey: '', blockedVips: [] as number[] };

describe('businessDay', () => {
  it('turns at midnight in Asia/Shanghai (16:00 UTC), not at UTC midnight', () => {
    expect(businessDay(new Date('2026-03-01T15:59:59.999Z'), 'Asia/Shanghai')).toBe('2026-03-01');
    expect(businessDay(new Date('2026-03-01T16:00:00.000Z'), 'Asia/Shanghai')).toBe('2026-03-02');
    expect(businessDay(new Date('2026-03-01T23:30:00.000Z'), 'UTC')).toBe('2026-03-01');
  });
});

describe.each(testDbKinds())('quota service on %s', (kind) => {
  let database: Database;
  let ctx: QuotaContext;
  let nextUser = 1;
  const user = (vip = 1) => ({ id: nextUser++, vip });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ctx = { config: testConfig(), database, catalog };
  });
  afterAll(async () => {
    await database?.close();
  });

  // 1,000 holds serialize on PGlite's single connection; on a loaded shared machine this takes
  // longer than the default 30 s (the count checks, not the time, are what this test is about).
  it('G7: 1,000 concurrent reservations against a limit of 100 admit exactly 100', async () => {
    const u = user(1);
    let peak = 0;
    let sampling = true;
    // Read the counters while the reservations race: used + reserved must never pass the limit.
    const sampler = (async () => {
      while (sampling) {
        const s = await quotaUsage(ctx, u.id, 'chat');
        peak = Math.max(peak, s.used + s.reserved);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const results = await Promise.allSettled(Array.from({ length: 1000 }, (_, i) => reserveQuota(ctx, u, metered, `m${i}`)));
    sampling = false;
    await sampler;
    const admitted = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(admitted).toHaveLength(100);
    expect(refused).toHaveLength(900);
    for (const e of refused) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).code).toBe(Code.NO_COUNT);
      expect((e as AppError).message).toBe(MSG.countExhausted);
    }
    expect(peak).toBeLessThanOrEqual(100);
    expect(await quotaUsage(ctx, u.id, 'chat')).toEqual({ used: 0, reserved: 100 });

    // Settle half and release half, every call made twice at once: each takes effect once.
    const closes = admitted.map((r, i) => (i % 2 === 0 ? settleReservation(ctx, r) : releaseReservation(ctx, r)));
    const again = admitted.map((r, i) => (i % 2 === 0 ? settleReservation(ctx, r) : releaseReservation(ctx, r)));
    const effective = (await Promise.all([...closes, ...again])).filter(Boolean);
    expect(effective).toHaveLength(100);
    expect(await quotaUsage(ctx, u.id, 'chat')).toEqual({ used: 50, reserved: 0 });
    // The ledger of reservations agrees with the counters.
    const statuses = await Promise.all(admitted.map((r) => selectHoldStatus(database.db, u.id, r.id)));
    expect(statuses.filter((s) => s === 'settled')).toHaveLength(50);
    expect(statuses.filter((s) => s === 'released')).toHaveLength(50);
    // Released counts are free again: exactly 50 more fit.
    const more = await Promise.allSettled(Array.from({ length: 80 }, () => reserveQuota(ctx, u, metered, 'again')));
    expect(more.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
  }, 60_000);

  it('settle racing release on the same reservation: exactly one wins', async () => {
    const u = user(1);
    for (let i = 0; i < 20; i++) {
      const r = await reserveQuota(ctx, u, metered, 'race');
      const [s1, r1, s2, r2] = await Promise.all([
        settleReservation(ctx, r),
        releaseReservation(ctx, r),
        settleReservation(ctx, r),
        releaseReservation(ctx, r),
      ]);
      expect([s1, r1, s2, r2].filter(Boolean)).toHaveLength(1);
    }
    const s = await quotaUsage(ctx, u.id, 'chat');
    expect(s.reserved).toBe(0);
    expect(s.used).toBeGreaterThanOrEqual(0);
    expect(s.used).toBeLessThanOrEqual(20);
  });

  it('a release after a settle changes nothing, and a settle after a release charges nothing', async () => {
    const u = user(1);
    const a = await reserveQuota(ctx, u, metered, 'a');
    expect(await settleReservation(ctx, a)).toBe(true);
    expect(await releaseReservation(ctx, a)).toBe(false);
    const b = await reserveQuota(ctx, u, metered, 'b');
    expect(await releaseReservation(ctx, b)).toBe(true);
    expect(await settleReservation(ctx, b)).toBe(false);
    expect(await quotaUsage(ctx, u.id, 'chat')).toEqual({ used: 1, reserved: 0 });
  });

  it('refuses NO_COUNT at the limit and leaves another user untouched', async () => {
    const u = user(0);
    const other = user(0);
    const o = await reserveQuota(ctx, other, metered, 'other');
    await settleReservation(ctx, o);
    for (let i = 0; i < 3; i++) await reserveQuota(ctx, u, metered, `u${i}`);
    expect(await codeOf(reserveQuota(ctx, u, metered, 'over'))).toBe(Code.NO_COUNT);
    expect(await quotaUsage(ctx, other.id, 'chat')).toEqual({ used: 1, reserved: 0 });
    // A reservation id of one user cannot close another user's reservation.
    expect(await settleReservation(ctx, { ...o, id: o.id, userId: u.id })).toBe(false);
    const mine = await reserveQuota(ctx, other, metered, 'mine');
    expect(await releaseReservation(ctx, { ...mine, userId: u.id })).toBe(false);
    expect(await selectHoldStatus(database.db, other.id, mine.id)).toBe('held');
    expect(await quotaUsage(ctx, u.id, 'chat')).toEqual({ used: 0, reserved: 3 });
  });

  it('a limit of 0 refuses without writing; tiers blocked by the model are refused with the tier text', async () => {
    const free = user(0);
    expect(await codeOf(reserveQuota(ctx, free, { quotaKey: 'chat_v40', blockedVips: [] }, 'x'))).toBe(Code.NO_COUNT);
    expect(await quotaUsage(ctx, free.id, 'chat_v40')).toEqual({ used: 0, reserved: 0 });
    await expect(reserveQuota(ctx, free, premium, 'x')).rejects.toMatchObject({ code: Code.TIER_DENIED, message: MSG.tierDeniedFree });
    await expect(reserveQuota(ctx, user(52), premiumTop, 'x')).rejects.toMatchObject({
      code: Code.TIER_DENIED,
      message: MSG.tierDeniedVip52,
    });
  });

  it('unmetered models and unlimited tiers skip the database', async () => {
    const u = user(52);
    const r1 = await reserveQuota(ctx, u, unmetered, 'free');
    const r2 = await reserveQuota(ctx, u, premium, 'vip52');
    expect(r1.metered).toBe(false);
    expect(r2.metered).toBe(false);
    expect(await settleReservation(ctx, r2)).toBe(false);
    expect(await selectHoldStatus(database.db, u.id, r2.id)).toBeNull();
    expect(await quotaUsage(ctx, u.id, 'chat_v40')).toEqual({ used: 0, reserved: 0 });
  });

  it('counts per business day in Asia/Shanghai', async () => {
    const u = user(0); // limit 3
    const before = new Date('2026-05-10T15:59:00Z'); // 23:59 on 05-10 in Shanghai
    const after = new Date('2026-05-10T16:00:00Z'); // 00:00 on 05-11 in Shanghai
    for (let i = 0; i < 3; i++) await settleReservation(ctx, await reserveQuota(ctx, u, metered, 'd1', before));
    expect(await codeOf(reserveQuota(ctx, u, metered, 'd1', before))).toBe(Code.NO_COUNT);
    const next = await reserveQuota(ctx, u, metered, 'd2', after);
    expect(next.period).toBe('2026-05-11');
    expect(await quotaUsage(ctx, u.id, 'chat', before)).toEqual({ used: 3, reserved: 0 });
    expect(await quotaUsage(ctx, u.id, 'chat', after)).toEqual({ used: 0, reserved: 1 });
  });

  it('the reaper releases only reservations held past the TTL', async () => {
    const u = user(1);
    const other = user(1);
    const stale = await reserveQuota(ctx, u, metered, 'stale');
    const fresh = await reserveQuota(ctx, u, metered, 'fresh');
    const settled = await reserveQuota(ctx, other, metered, 'settled');
    await settleReservation(ctx, settled);
    // Age two reservations as if their worker crashed 11 minutes ago.
    await database.exec(
      `UPDATE quota_reservations SET created_at = now() - interval '11 minutes' WHERE id IN ('${stale.id}', '${settled.id}')`,
    );
    // Other tests' fresh holds stay; only the stale one is released.
    expect(await reapStaleReservations(ctx)).toBe(1);
    expect(await selectHoldStatus(database.db, u.id, stale.id)).toBe('released');
    expect(await selectHoldStatus(database.db, u.id, fresh.id)).toBe('held');
    expect(await selectHoldStatus(database.db, other.id, settled.id)).toBe('settled');
    expect(await quotaUsage(ctx, u.id, 'chat')).toEqual({ used: 0, reserved: 1 });
    expect(await quotaUsage(ctx, other.id, 'chat')).toEqual({ used: 1, reserved: 0 });
    // A late settle of the reaped reservation charges nothing.
    expect(await settleReservation(ctx, stale)).toBe(false);
  });

  it('startReservationReaper runs at once and stops with the shutdown signal', async () => {
    const u = user(1);
    const stale = await reserveQuota(ctx, u, metered, 'boot');
    await database.exec(`UPDATE quota_reservations SET created_at = now() - interval '1 hour' WHERE id = '${stale.id}'`);
    const shutdown = new AbortController();
    startReservationReaper({ ...ctx, shutdown });
    await expect.poll(() => selectHoldStatus(database.db, u.id, stale.id)).toBe('released');
    shutdown.abort();
  });
});
