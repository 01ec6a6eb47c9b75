import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Per-user, per-quota-key, per-period counters. A reservation raises `reserved` in one
 * conditional upsert (`used + reserved + n <= limit`); settle moves it to `used`, release drops it.
 */
export const quotaUsage = pgTable(
  'quota_usage',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    quotaKey: varchar('quota_key', { length: 64 }).notNull(),
    /** Business day 'YYYY-MM-DD' in TZ_BUSINESS, or 'total' for non-resetting counts. */
    period: varchar('period', { length: 16 }).notNull(),
    used: integer('used').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.quotaKey, t.period] })],
);

/** One row per reservation so settle and release happen exactly once. */
export const quotaReservations = pgTable(
  'quota_reservations',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    quotaKey: varchar('quota_key', { length: 64 }).notNull(),
    period: varchar('period', { length: 16 }).notNull(),
    amount: integer('amount').notNull(),
    /** Points held for points-priced models (0 when counts are used). */
    points: integer('points').notNull().default(0),
    /** held | settled | released */
    status: varchar('status', { length: 10 }).notNull().default('held'),
    ref: varchar('ref', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last sign of life of the answer holding it (a long stream keeps its hold from the reaper). */
    keptAt: timestamp('kept_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('quota_reservations_held_idx').on(t.status, t.createdAt)],
);

/** Every points change; the sum of a user's deltas equals users.points. */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: varchar('reason', { length: 32 }).notNull(),
    ref: varchar('ref', { length: 64 }).notNull().default(''),
    note: text('note').notNull().default(''),
    /** Set for credits that may happen only once (first phone binding, a payment): a second try inserts nothing. */
    idemKey: varchar('idem_key', { length: 96 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_ledger_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('points_ledger_idem_uq')
      .on(t.idemKey)
      .where(sql`${t.idemKey} is not null`),
  ],
);
