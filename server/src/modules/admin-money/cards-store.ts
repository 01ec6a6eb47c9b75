import { sql, type SQL } from 'drizzle-orm';
import type { CardState } from '@wanxiang/contract';
import { rows, type Executor } from '../../db/sql';

/**
 * SQL of the operator's card pages: batches (cards grouped by batch name, with the console's note when it issued the
 * batch), cards by batch and state, and the one conditional unused -> voided transition. Issuing reuses the shop's
 * issueCards (shop/cards.ts) so the code format and rules stay in one place.
 */
export interface BatchRow {
  batch: string;
  shop_id: number;
  count: number | string;
  used: number | string;
  voided: number | string;
  note: string | null;
  created_by: number | string | null;
  created_at: Date | string;
}

export interface MoneyCardRow {
  code: string;
  batch: string;
  shop_id: number;
  expires_at: Date | string | null;
  used_by: number | string | null;
  used_at: Date | string | null;
  voided_at: Date | string | null;
  created_at: Date | string;
}

export async function insertBatch(db: Executor, b: { batch: string; shopId: number; count: number; note: string; createdBy: number }): Promise<void> {
  await rows(
    db,
    sql`INSERT INTO card_batches (batch, shop_id, count, note, created_by) VALUES (${b.batch}, ${b.shopId}::int, ${b.count}::int, ${b.note}, ${b.createdBy}::bigint)`,
  );
}

const BATCH_SELECT = sql`SELECT c.batch, min(c.shop_id) AS shop_id, count(*) AS count, count(c.used_by) AS used, count(c.voided_at) AS voided,
  min(c.created_at) AS created_at, min(b.note) AS note, min(b.created_by) AS created_by
  FROM vip_cards c LEFT JOIN card_batches b ON b.batch = c.batch`;

export async function selectBatchPage(db: Executor, limit: number, offset: number): Promise<{ list: BatchRow[]; total: number }> {
  const list = await rows<BatchRow>(db, sql`${BATCH_SELECT} GROUP BY c.batch ORDER BY min(c.created_at) DESC, c.batch LIMIT ${limit}::int OFFSET ${offset}::int`);
  const [c] = await rows<{ n: number | string }>(db, sql`SELECT count(DISTINCT batch) AS n FROM vip_cards`);
  return { list, total: Number(c?.n ?? 0) };
}

export async function selectBatch(db: Executor, batch: string): Promise<BatchRow | null> {
  const [row] = await rows<BatchRow>(db, sql`${BATCH_SELECT} WHERE c.batch = ${batch} GROUP BY c.batch`);
  return row ?? null;
}

/** The state of a card as SQL over vip_cards `c` at `at`: voided and used win over expired. */
export function stateWhere(state: CardState, at: Date): SQL {
  switch (state) {
    case 'voided':
      return sql`c.voided_at IS NOT NULL`;
    case 'used':
      return sql`c.used_by IS NOT NULL`;
    case 'expired':
      return sql`c.voided_at IS NULL AND c.used_by IS NULL AND c.expires_at <= ${at}::timestamptz`;
    case 'unused':
      return sql`c.voided_at IS NULL AND c.used_by IS NULL AND (c.expires_at IS NULL OR c.expires_at > ${at}::timestamptz)`;
  }
}

export async function selectCardPage(
  db: Executor,
  f: { batch: string; state: CardState | '' },
  at: Date,
  limit: number,
  offset: number,
): Promise<{ list: MoneyCardRow[]; total: number }> {
  const where = sql.join([f.batch ? sql`c.batch = ${f.batch}` : sql`TRUE`, f.state ? stateWhere(f.state, at) : sql`TRUE`], sql` AND `);
  const list = await rows<MoneyCardRow>(
    db,
    sql`SELECT c.* FROM vip_cards c WHERE ${where} ORDER BY c.created_at DESC, c.code LIMIT ${limit}::int OFFSET ${offset}::int`,
  );
  const [c] = await rows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM vip_cards c WHERE ${where}`);
  return { list, total: Number(c?.n ?? 0) };
}

export async function selectBatchCards(db: Executor, batch: string): Promise<MoneyCardRow[]> {
  return rows<MoneyCardRow>(db, sql`SELECT c.* FROM vip_cards c WHERE c.batch = ${batch} ORDER BY c.created_at, c.code`);
}

export async function selectCard(db: Executor, code: string): Promise<MoneyCardRow | null> {
  const [row] = await rows<MoneyCardRow>(db, sql`SELECT c.* FROM vip_cards c WHERE c.code = ${code}`);
  return row ?? null;
}

/** unused -> voided, once; an activation racing it either claims the card first or finds it voided. */
export async function markVoided(db: Executor, code: string, at: Date): Promise<MoneyCardRow | null> {
  const [row] = await rows<MoneyCardRow>(
    db,
    sql`UPDATE vip_cards SET voided_at = ${at}::timestamptz WHERE code = ${code} AND used_by IS NULL AND voided_at IS NULL RETURNING *`,
  );
  return row ?? null;
}
