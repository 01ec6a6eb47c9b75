import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Accounts and the economy of the shell (docs/product/signin.md §3-§9): sign-in, bonus counts, shop
 * orders and payment notifications, membership cards, the inviter's wallet and cash-outs,
 * remembered devices and WeChat identities. Money is in cents; every balance change is one
 * conditional statement that also writes its ledger row.
 */

/** One row per user and business day signed; the streak of the week is `streak` (1-7). */
export const signins = pgTable(
  'signins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** Business day 'YYYY-MM-DD' (TZ_BUSINESS). */
    day: varchar('day', { length: 10 }).notNull(),
    /** Monday of that day's week, 'YYYY-MM-DD': the streak resets when it changes. */
    weekStart: varchar('week_start', { length: 10 }).notNull(),
    /** Consecutive days signed this week including this one (1-7). */
    streak: integer('streak').notNull(),
    /** The reward text shown in the success dialog. */
    reward: text('reward').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('signins_user_day_uq').on(t.userId, t.day), index('signins_user_week_idx').on(t.userId, t.weekStart)],
);

/**
 * Bonus counts per quota key that do not reset daily (sign-in gifts, membership packs, cards).
 * Held like daily counts: `used + reserved + n <= granted` in one conditional update.
 */
export const quotaBonus = pgTable(
  'quota_bonus',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    quotaKey: varchar('quota_key', { length: 64 }).notNull(),
    granted: integer('granted').notNull().default(0),
    used: integer('used').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.quotaKey] })],
);

/** Every bonus-count grant; idem_key makes a grant happen at most once (a payment, a sign-in day). */
export const quotaGrants = pgTable(
  'quota_grants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    quotaKey: varchar('quota_key', { length: 64 }).notNull(),
    amount: integer('amount').notNull(),
    reason: varchar('reason', { length: 32 }).notNull(),
    ref: varchar('ref', { length: 64 }).notNull().default(''),
    idemKey: varchar('idem_key', { length: 96 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quota_grants_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('quota_grants_idem_uq')
      .on(t.idemKey)
      .where(sql`${t.idemKey} is not null`),
  ],
);

/** Shop orders (createShopsOrder); `orderNo` is the spec's query_order. */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: varchar('order_no', { length: 40 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    shopId: integer('shop_id').notNull(),
    shopName: varchar('shop_name', { length: 128 }).notNull().default(''),
    num: integer('num').notNull().default(1),
    /** What the user must pay, in cents (price x num minus coupon), fixed at creation. */
    amountCents: integer('amount_cents').notNull(),
    /** mock | alipay | wechat | points */
    provider: varchar('provider', { length: 16 }).notNull(),
    channel: varchar('channel', { length: 32 }).notNull().default(''),
    appChannel: varchar('app_channel', { length: 32 }).notNull().default('web'),
    couponId: varchar('coupon_id', { length: 64 }).notNull().default(''),
    /** The inviter's code carried with the order (commission on payment). */
    inviteCode: varchar('invite_code', { length: 16 }).notNull().default(''),
    /** pending | paid | closed | refunded (an operator's refund, docs/admin.md "Money") */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    /** Snapshot (JSON) of what payment grants: vip level, days or permanent, counts, points. */
    grant: text('grant').notNull().default('{}'),
    /** The gateway's own trade id once paid. */
    tradeNo: varchar('trade_no', { length: 64 }).notNull().default(''),
    /** Payment link or code_url shown as the QR. */
    payUrl: text('pay_url').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set with status refunded: when, by which admin, why (the grant taken back is in the audit row). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedBy: bigint('refunded_by', { mode: 'number' }),
    refundReason: varchar('refund_reason', { length: 200 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('shop_orders_no_uq').on(t.orderNo),
    index('shop_orders_user_idx').on(t.userId, t.createdAt),
    index('shop_orders_pending_idx').on(t.status, t.createdAt),
  ],
);

/** Every payment notification received, verified or not (audit; replays are visible). */
export const payNotifications = pgTable(
  'pay_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: varchar('provider', { length: 16 }).notNull(),
    orderNo: varchar('order_no', { length: 40 }).notNull().default(''),
    verified: boolean('verified').notNull().default(false),
    /** credited | duplicate | bad_signature | bad_amount | unknown_order | not_paid */
    outcome: varchar('outcome', { length: 16 }).notNull(),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pay_notifications_order_idx').on(t.orderNo)],
);

/** Membership cards an operator issues from the CLI; activated once (cardActive). */
export const vipCards = pgTable(
  'vip_cards',
  {
    code: varchar('code', { length: 32 }).primaryKey(),
    batch: varchar('batch', { length: 32 }).notNull().default(''),
    /** The shop item whose grant the card gives. */
    shopId: integer('shop_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedBy: bigint('used_by', { mode: 'number' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** An operator voided the unused card: it can no longer be activated. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [index('vip_cards_batch_idx').on(t.batch)],
);

/** A batch issued from the admin console: its note and issuer (CLI batches have no row; their cards group by name). */
export const cardBatches = pgTable('card_batches', {
  batch: varchar('batch', { length: 32 }).primaryKey(),
  shopId: integer('shop_id').notNull(),
  count: integer('count').notNull(),
  note: varchar('note', { length: 200 }).notNull().default(''),
  createdBy: bigint('created_by', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The inviter's cash wallet: every change of users.wallet_cents, like the points ledger. */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    deltaCents: integer('delta_cents').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** commission | cash_out | cash_refund */
    reason: varchar('reason', { length: 32 }).notNull(),
    ref: varchar('ref', { length: 64 }).notNull().default(''),
    idemKey: varchar('idem_key', { length: 96 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_ledger_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('wallet_ledger_idem_uq')
      .on(t.idemKey)
      .where(sql`${t.idemKey} is not null`),
  ],
);

/** Cash-out requests (moneyCash): the amount leaves the wallet when requested, returns if refused. */
export const cashOrders = pgTable(
  'cash_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    moneyCents: integer('money_cents').notNull(),
    /** The payee account (Alipay account or phone). */
    casher: varchar('casher', { length: 64 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    /** pending | paid | refused */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The review (admin console): the bank/Alipay transfer reference of a paid one, the reason of a refused one, who. */
    transferRef: varchar('transfer_ref', { length: 64 }).notNull().default(''),
    refuseReason: varchar('refuse_reason', { length: 200 }).notNull().default(''),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  },
  (t) => [index('cash_orders_user_idx').on(t.userId, t.createdAt)],
);

/** Long-lived device tokens of "remember account": exchanged for a session, never a password. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('device_tokens_hash_uq').on(t.tokenHash), index('device_tokens_user_idx').on(t.userId)],
);

/** WeChat identities (official-account openid) linked to users; created on first QR login. */
export const wechatIdentities = pgTable(
  'wechat_identities',
  {
    openid: varchar('openid', { length: 64 }).primaryKey(),
    unionid: varchar('unionid', { length: 64 }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wechat_identities_user_idx').on(t.userId)],
);
