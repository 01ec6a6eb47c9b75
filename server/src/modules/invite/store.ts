import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql';

/** SQL of the invite area: the inviter's figures, invitees, cash orders. */

export interface InviterRow {
  id: number;
  invite_code: string;
  invite_open: boolean;
  wallet_cents: number;
}

export async function selectInviter(db: Executor, userId: number): Promise<InviterRow | null> {
  const [row] = await rows<InviterRow>(db, sql`SELECT id, invite_code, invite_open, wallet_cents FROM users WHERE id = ${userId}::bigint`);
  return row ? { ...row, id: Number(row.id), wallet_cents: Number(row.wallet_cents) } : null;
}

/** Open the permission; already open stays open (idempotent). */
export async function openInvite(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`UPDATE users SET invite_open = true, updated_at = now() WHERE id = ${userId}::bigint AND NOT invite_open`);
}

/** Set invited_by once, never to oneself, never over an existing inviter. */
export async function setInvitedBy(db: Executor, userId: number, inviteCode: string): Promise<number | null> {
  const [row] = await rows<{ invited_by: number }>(
    db,
    sql`UPDATE users u SET invited_by = i.id, updated_at = now()
      FROM users i
      WHERE u.id = ${userId}::bigint AND u.invited_by IS NULL AND i.invite_code = ${inviteCode}::varchar AND i.id <> u.id
      RETURNING u.invited_by`,
  );
  return row ? Number(row.invited_by) : null;
}

export interface InviteCounts {
  invited: number;
  paid: number;
  commission: number;
}

export async function selectInviteCounts(db: Executor, userId: number): Promise<InviteCounts> {
  const [row] = await rows<{ invited: number | string; paid: number | string; commission: number | string }>(
    db,
    sql`SELECT
      (SELECT count(*) FROM users WHERE invited_by = ${userId}::bigint) AS invited,
      (SELECT count(*) FROM users u WHERE u.invited_by = ${userId}::bigint
         AND EXISTS (SELECT 1 FROM shop_orders o WHERE o.user_id = u.id AND o.status = 'paid')) AS paid,
      (SELECT coalesce(sum(delta_cents), 0) FROM wallet_ledger WHERE user_id = ${userId}::bigint AND reason = 'commission') AS commission`,
  );
  return { invited: Number(row?.invited ?? 0), paid: Number(row?.paid ?? 0), commission: Number(row?.commission ?? 0) };
}

export interface InviteeRow {
  id: number;
  nick: string;
  phone: string | null;
  account: string | null;
  created_at: Date | string;
  paid: boolean;
}

export async function selectInvitees(
  db: Executor,
  userId: number,
  page: number,
  size: number,
): Promise<{ list: InviteeRow[]; total: number }> {
  const list = await rows<InviteeRow>(
    db,
    sql`SELECT u.id, u.nick, u.phone, u.account, u.created_at,
        EXISTS (SELECT 1 FROM shop_orders o WHERE o.user_id = u.id AND o.status = 'paid') AS paid
      FROM users u WHERE u.invited_by = ${userId}::bigint
      ORDER BY u.id DESC LIMIT ${size}::int OFFSET ${(page - 1) * size}::int`,
  );
  const [c] = await rows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM users WHERE invited_by = ${userId}::bigint`);
  return { list, total: Number(c?.n ?? 0) };
}

export interface CashOrderRow {
  id: number;
  user_id: number;
  money_cents: number;
  casher: string;
  name: string;
  status: string;
  created_at: Date | string;
  closed_at: Date | string | null;
}

export async function insertCashOrder(
  db: Executor,
  o: { userId: number; moneyCents: number; casher: string; name: string },
): Promise<CashOrderRow> {
  const [row] = await rows<CashOrderRow>(
    db,
    sql`INSERT INTO cash_orders (user_id, money_cents, casher, name)
      VALUES (${o.userId}::bigint, ${o.moneyCents}::int, ${o.casher}::varchar, ${o.name}::varchar)
      RETURNING id, user_id, money_cents, casher, name, status, created_at, closed_at`,
  );
  return row!;
}

export async function selectCashOrders(
  db: Executor,
  userId: number,
  page: number,
  size: number,
): Promise<{ list: CashOrderRow[]; total: number }> {
  const list = await rows<CashOrderRow>(
    db,
    sql`SELECT id, user_id, money_cents, casher, name, status, created_at, closed_at FROM cash_orders
      WHERE user_id = ${userId}::bigint ORDER BY id DESC LIMIT ${size}::int OFFSET ${(page - 1) * size}::int`,
  );
  const [c] = await rows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM cash_orders WHERE user_id = ${userId}::bigint`);
  return { list, total: Number(c?.n ?? 0) };
}

export async function selectPendingCashOrders(db: Executor): Promise<CashOrderRow[]> {
  return rows<CashOrderRow>(
    db,
    sql`SELECT id, user_id, money_cents, casher, name, status, created_at, closed_at FROM cash_orders WHERE status = 'pending' ORDER BY id`,
  );
}

/** Close a pending order (pending -> paid | refused) once; null when it is not pending. */
export async function closeCashOrder(db: Executor, id: number, status: 'paid' | 'refused'): Promise<CashOrderRow | null> {
  const [row] = await rows<CashOrderRow>(
    db,
    sql`UPDATE cash_orders SET status = ${status}::varchar, closed_at = now()
      WHERE id = ${id}::bigint AND status = 'pending'
      RETURNING id, user_id, money_cents, casher, name, status, created_at, closed_at`,
  );
  return row ?? null;
}
