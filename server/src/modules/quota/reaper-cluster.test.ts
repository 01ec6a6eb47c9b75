import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { openSecondInstance, openTestDatabase, testDbKinds } from '../../../test/db';
import { selectHoldStatus } from './store';
import { reserveQuota, startReservationReaper, type QuotaContext } from './service';

const catalog = { dailyLimit: () => 100 };
const metered = { quotaKey: 'chat', blockedVips: [] as number[] };

/** A logger whose lines land in `lines` (the reaper warns with the count it released). */
function capture() {
  const lines: string[] = [];
  return { lines, log: pino({ level: 'warn' }, { write: (s: string) => void lines.push(s) }) };
}

/**
 * Every server process starts the quota reaper (chat routes do): on one database it runs in one
 * of them at a time, under the 'quota-reaper' lease, and still releases a crashed worker's holds.
 */
describe.each(testDbKinds())('quota reaper across two instances on %s', (kind) => {
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    first = await openTestDatabase(kind);
    second = await openSecondInstance(first, kind);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('one instance holds the lease and reaps; the other never does', async () => {
    // The shortest TTL the schema allows: the reaper turns every second.
    const config = testConfig({ QUOTA_RESERVATION_TTL_MS: '1000' });
    const shutdowns = [new AbortController(), new AbortController()];
    const logs = [capture(), capture()];
    const ctx: QuotaContext = { config, database: first, catalog };
    const stops = [first, second].map((database, i) =>
      startReservationReaper({ config, database, catalog, shutdown: shutdowns[i]! }, logs[i]!.log),
    );
    try {
      for (let round = 0; round < 3; round++) {
        const user = { id: 9_000 + round, vip: 1 };
        const hold = await reserveQuota(ctx, user, metered, `cluster-${round}`);
        await first.exec(`UPDATE quota_reservations SET created_at = now() - interval '1 hour' WHERE id = '${hold.id}'`);
        await expect.poll(() => selectHoldStatus(first.db, user.id, hold.id), { timeout: 5_000 }).toBe('released');
      }
      const reapedPerInstance = () => logs.map((l) => l.lines.filter((line) => line.includes('released stale quota reservations')).length);
      // The reaper writes its line after the release commits: on a busy machine the last line may trail the poll above.
      await expect.poll(() => reapedPerInstance().reduce((a, b) => a + b), { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
      expect(reapedPerInstance().filter((n) => n > 0)).toHaveLength(1);
      const leases = (await first.db.execute(sql`SELECT holder FROM job_leases WHERE name = 'quota-reaper'`)) as unknown as { rows: unknown[] };
      expect(leases.rows).toHaveLength(1);
    } finally {
      for (const stop of stops) stop();
    }
  }, 30_000);
});
