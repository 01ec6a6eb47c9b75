import { sql } from 'drizzle-orm';
import { MSG, type PointsBill, type PointsBillRow } from '@wanxiang/contract';
import { rows, type Executor } from '../../db/sql';
import { selectPoints } from './ledger';
import type { PointsContext } from './service';

/** The points bill (POST /v2/points/bill): the user's ledger rows, newest first, paged and filtered. */

export type BillType = 0 | 1 | 2;

/** Chinese text of a ledger reason code; unknown codes read 其他. */
export function reasonText(reason: string): string {
  return MSG.pointsReasons[reason] ?? MSG.pointsReasonOther;
}

async function selectBillPage(
  db: Executor,
  q: { userId: number; type: BillType; limit: number; offset: number },
): Promise<{ total: number; list: PointsBillRow[] }> {
  const filter = q.type === 1 ? sql`AND delta > 0` : q.type === 2 ? sql`AND delta < 0` : sql``;
  const out = await rows<{
    id: number;
    delta: number;
    balance_after: number;
    reason: string;
    note: string | null;
    created_at: Date | string;
    total: number;
  }>(
    db,
    sql`SELECT id, delta, balance_after, reason, note, created_at, count(*) OVER ()::int AS total
      FROM points_ledger WHERE user_id = ${q.userId}::bigint ${filter}
      ORDER BY id DESC LIMIT ${q.limit}::int OFFSET ${q.offset}::int`,
  );
  let total = out[0] ? Number(out[0].total) : 0;
  if (!out[0] && q.offset > 0) {
    // A page past the end still reports the total.
    const [c] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM points_ledger WHERE user_id = ${q.userId}::bigint ${filter}`);
    total = Number(c?.n ?? 0);
  }
  return {
    total,
    list: out.map((r) => ({
      id: Number(r.id),
      delta: Number(r.delta),
      balance_after: Number(r.balance_after),
      reason: r.reason,
      reason_text: reasonText(r.reason),
      note: r.note ?? '',
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}

export async function pointsBill(
  ctx: PointsContext,
  userId: number,
  q: { type: BillType; page: number; rows: number },
): Promise<PointsBill> {
  const db = ctx.database.db;
  const [page, points] = await Promise.all([
    selectBillPage(db, { userId, type: q.type, limit: q.rows, offset: (q.page - 1) * q.rows }),
    selectPoints(db, userId),
  ]);
  return { ...page, page: q.page, rows: q.rows, points: points ?? 0 };
}
