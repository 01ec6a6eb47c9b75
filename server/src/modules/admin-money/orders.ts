import { Readable } from 'node:stream';
import { ADMIN_MONEY_MSG as M, ORDER_CSV_MAX_ROWS, type AdminMoneyOrder, type AdminOrderList, type AdminOrderQuery } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { centsToYuan } from '../../infra/pay/types';
import { csvLine } from './csv';
import { selectOrderChunk, selectOrderPage, type MoneyOrderRow, type OrderFilter } from './orders-store';

/** The operator's order list and its CSV export (GET /api/admin/orders, /api/admin/orders.csv). */
export type MoneyContext = Pick<AppContext, 'database' | 'config'>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toMoneyOrder(r: MoneyOrderRow): AdminMoneyOrder {
  return {
    orderNo: r.order_no,
    userId: Number(r.user_id),
    phone: r.phone ?? '',
    nick: r.nick ?? '',
    shopId: Number(r.shop_id),
    shopName: r.shop_name,
    amountCents: Number(r.amount_cents),
    provider: r.provider,
    status: r.status,
    tradeNo: r.trade_no,
    createdAt: iso(r.created_at)!,
    paidAt: iso(r.paid_at),
    refundedAt: iso(r.refunded_at),
    refundReason: r.refund_reason,
  };
}

export async function listOrders(ctx: MoneyContext, q: AdminOrderQuery): Promise<AdminOrderList> {
  const { list, total } = await selectOrderPage(ctx.database.db, q, ctx.config.tzBusiness, q.size, (q.page - 1) * q.size);
  return { list: list.map(toMoneyOrder), total, page: q.page, size: q.size };
}

/** A time as the operator reads it in Excel: business time zone, `2026-01-31 08:05:09`. */
function localTime(d: Date | string | null, tz: string): string {
  if (d === null) return '';
  return new Date(d).toLocaleString('sv-SE', { timeZone: tz, hour12: false });
}

const CHUNK = 500;

/**
 * The CSV as a stream: a UTF-8 BOM (so Excel reads the Chinese headers), the header line, then the filtered orders
 * newest first, read in keyset chunks so a large export never sits in memory. At most ORDER_CSV_MAX_ROWS rows.
 */
export function ordersCsv(ctx: MoneyContext, f: OrderFilter): Readable {
  const tz = ctx.config.tzBusiness;
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${csvLine(M.moneyOrderCsvHeaders)}`;
    let before: number | null = null;
    let sent = 0;
    while (sent < ORDER_CSV_MAX_ROWS) {
      const chunk = await selectOrderChunk(ctx.database.db, f, tz, before, Math.min(CHUNK, ORDER_CSV_MAX_ROWS - sent));
      if (chunk.length === 0) return;
      let block = '';
      for (const r of chunk) {
        block += csvLine([
          r.order_no,
          String(r.user_id),
          r.phone ?? '',
          String(r.shop_id),
          r.shop_name,
          centsToYuan(Number(r.amount_cents)),
          M.moneyProviderNames[r.provider] ?? r.provider,
          M.moneyOrderStatusNames[r.status] ?? r.status,
          r.trade_no,
          localTime(r.created_at, tz),
          localTime(r.paid_at, tz),
          localTime(r.refunded_at, tz),
          r.refund_reason,
        ]);
      }
      yield block;
      sent += chunk.length;
      before = Number(chunk[chunk.length - 1]!.id);
      if (chunk.length < CHUNK) return;
    }
  }
  return Readable.from(lines());
}
