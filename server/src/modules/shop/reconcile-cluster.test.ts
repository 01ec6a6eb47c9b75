import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../config';
import { closeContext, createContext, type AppContext } from '../../context';
import type { Database } from '../../db/client';
import { createMemoryStore } from '../../infra/kv';
import { createPayRegistry, type PayProvider } from '../../infra/pay';
import { openSecondInstance, openTestDatabase, testDbKinds } from '../../../test/db';
import { startReconcile } from './service';

/** An Alipay stand-in that counts the gateway queries of its own server instance. */
function countingAlipay(): PayProvider & { queries: number } {
  const p = {
    name: 'alipay' as const,
    queries: 0,
    createPayment: async () => ({ payUrl: 'https://example.invalid/qr' }),
    verifyNotify: async () => {
      throw new Error('not used');
    },
    query: async () => {
      p.queries++;
      return { paid: false, amountCents: null, tradeNo: '', state: 'WAIT_BUYER_PAY' };
    },
    ackOk: { status: 200, contentType: 'text/plain', body: 'success' },
    ackFail: { status: 200, contentType: 'text/plain', body: 'fail' },
  };
  return p;
}

/**
 * Two server instances on one database both start the payment reconcile (main.ts does, in every
 * process): the gateway is asked about a pending order by one of them per turn, not by each.
 */
describe.each(testDbKinds())('payment reconcile across two instances on %s', (kind) => {
  let first: Database;
  let second: Database;
  let base: AppContext;
  beforeAll(async () => {
    first = await openTestDatabase(kind);
    second = await openSecondInstance(first, kind);
    base = await createContext(testConfig(), pino({ level: 'silent' }), { database: first, kv: createMemoryStore() });
  });
  afterAll(async () => {
    await second?.close();
    if (base) await closeContext(base);
  });

  it('queries the gateway from one instance only', async () => {
    await first.db.execute(
      sql`INSERT INTO shop_orders (order_no, user_id, shop_id, amount_cents, provider) VALUES ('WXRECONCILE1', 1, 1, 2990, 'alipay')`,
    );
    const gateways = [countingAlipay(), countingAlipay()];
    const instances = [first, second].map((database, i) => ({
      ...base,
      database,
      pay: createPayRegistry(base.config, [gateways[i]!]),
      shutdown: new AbortController(),
    }));
    for (const ctx of instances) startReconcile(ctx, pino({ level: 'silent' }), 40);
    try {
      await vi.waitFor(() => expect(gateways[0]!.queries + gateways[1]!.queries).toBeGreaterThanOrEqual(6), { timeout: 5_000, interval: 20 });
      expect(gateways.map((g) => g.queries).filter((n) => n > 0)).toHaveLength(1);
    } finally {
      for (const ctx of instances) ctx.shutdown.abort();
    }
  });
});
