import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql';

/**
 * The inviter's cash wallet: every change of users.wallet_cents is one statement that updates
 * the balance conditionally (never below zero) and inserts its wallet_ledger row with
 * balance_after, so sum(delta_cents) equals wallet_cents at every instant.
 */
export interface WalletChange {
  userId: number;
  /** Positive credits (commission, refund), negative debits (cash-out). */
  deltaCents: number;
  /** commission | cash_out | cash_refund */
  reason: string;
  ref?: string;
  /** A change that may happen once (an order's commission, a refund): a second try changes nothing. */
  idemKey?: string;
}

export interface WalletApplied {
  ledgerId: number;
  balanceCents: number;
}

/**
 * Apply one change; null when refused (debit above the balance, unknown user, idem key used).
 * Call it inside a transaction when it has an idem key: the advisory lock on the key makes a
 * concurrent second call wait for the first to commit, and then its NOT EXISTS sees the row
 * (a unique violation inside a transaction would abort the caller's whole transaction).
 */
export async function applyWallet(db: Executor, c: WalletChange): Promise<WalletApplied | null> {
  const idem = c.idemKey ?? null;
  if (idem) await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`wallet:${idem}`}::text))`);
  const out = await rows<{ id: number; balance_after: number }>(
    db,
    sql`WITH u AS (
      UPDATE users SET wallet_cents = wallet_cents + ${c.deltaCents}::int, updated_at = now()
      WHERE id = ${c.userId}::bigint AND wallet_cents + ${c.deltaCents}::int >= 0
        AND (${idem}::varchar IS NULL OR NOT EXISTS (SELECT 1 FROM wallet_ledger WHERE idem_key = ${idem}::varchar))
      RETURNING wallet_cents
    )
    INSERT INTO wallet_ledger (user_id, delta_cents, balance_after, reason, ref, idem_key)
    SELECT ${c.userId}::bigint, ${c.deltaCents}::int, u.wallet_cents, ${c.reason}::varchar, ${c.ref ?? ''}::varchar, ${idem}::varchar
    FROM u
    RETURNING id, balance_after`,
  );
  const row = out[0];
  return row ? { ledgerId: Number(row.id), balanceCents: Number(row.balance_after) } : null;
}

/** sum(delta_cents) of a user's wallet ledger: equals users.wallet_cents (the invariant tests check). */
export async function walletLedgerSum(db: Executor, userId: number): Promise<number> {
  const out = await rows<{ s: number | string | null }>(
    db,
    sql`SELECT coalesce(sum(delta_cents), 0)::int AS s FROM wallet_ledger WHERE user_id = ${userId}::bigint`,
  );
  return Number(out[0]?.s ?? 0);
}
