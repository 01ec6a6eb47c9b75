import { sql } from 'drizzle-orm';
import type { AdminCashStatus } from '@wanxiang/contract';
import { rows, type Executor } from '../../db/sql';

/** SQL of the cash-out review: the list (pending first, oldest pending first) and the two conditional transitions. */
export interface MoneyCashRow {
  id: number | string;
  user_id: number | string;
  phone: string | null;
  nick: string | null;
  wallet_cents: number | string | null;
  money_cents: number | string;
  casher: string;
  name: string;
  status: string;
  created_at: Date | string;
  closed_at: Date | string | null;
  transfer_ref: string;
  refuse_reason: string;
  reviewed_by: number | string | null;
}

const SELECT = sql`SELECT c.*, u.phone, u.nick, u.wallet_cents FROM cash_orders c LEFT JOIN users u ON u.id = c.user_id`;

export async function selectCashPage(
  db: Executor,
  status: AdminCashStatus | '',
  limit: number,
  offset: number,
): Promise<{ list: MoneyCashRow[]; total: number; pending: number }> {
  const where = status ? sql`c.status = ${status}` : sql`TRUE`;
  const list = await rows<MoneyCashRow>(
    db,
    sql`${SELECT} WHERE ${where}
      ORDER BY (c.status = 'pending') DESC, CASE WHEN c.status = 'pending' THEN c.id END ASC, c.id DESC
      LIMIT ${limit}::int OFFSET ${offset}::int`,
  );
  const [c] = await rows<{ n: number | string; p: number | string }>(
    db,
    sql`SELECT count(*) FILTER (WHERE ${where}) AS n, count(*) FILTER (WHERE c.status = 'pending') AS p FROM cash_orders c`,
  );
  return { list, total: Number(c?.n ?? 0), pending: Number(c?.p ?? 0) };
}

export async function selectCash(db: Executor, id: number): Promise<MoneyCashRow | null> {
  const [row] = await rows<MoneyCashRow>(db, sql`${SELECT} WHERE c.id = ${id}::bigint`);
  return row ?? null;
}

/** pending -> paid | refused, once; the review fields with it. Null when the request is not pending (or unknown). */
export async function closeCash(
  db: Executor,
  p: { id: number; status: 'paid' | 'refused'; transferRef?: string; reason?: string; adminId: number; at: Date },
): Promise<MoneyCashRow | null> {
  const [row] = await rows<MoneyCashRow>(
    db,
    sql`UPDATE cash_orders SET status = ${p.status}::varchar, closed_at = ${p.at}::timestamptz, reviewed_by = ${p.adminId}::bigint,
        transfer_ref = ${p.transferRef ?? ''}, refuse_reason = ${p.reason ?? ''}
      WHERE id = ${p.id}::bigint AND status = 'pending'
      RETURNING *, NULL::varchar AS phone, NULL::varchar AS nick, NULL::int AS wallet_cents`,
  );
  return row ?? null;
}
