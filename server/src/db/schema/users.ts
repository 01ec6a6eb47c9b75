import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 10001 }),
    phone: varchar('phone', { length: 20 }),
    account: varchar('account', { length: 64 }),
    email: varchar('email', { length: 128 }),
    passwordHash: text('password_hash'),
    nick: varchar('nick', { length: 64 }).notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** 0 = free; other values are membership tiers (spec: 52 annual/permanent, 79 special). */
    vip: integer('vip').notNull().default(0),
    vipType: varchar('vip_type', { length: 32 }).notNull().default(''),
    vipExpiresAt: timestamp('vip_expires_at', { withTimezone: true }),
    vipPermanent: boolean('vip_permanent').notNull().default(false),
    vipgrade: integer('vipgrade').notNull().default(0),
    /** Points balance; only ever changed together with a points_ledger row. */
    points: integer('points').notNull().default(0),
    inviteCode: varchar('invite_code', { length: 16 }).notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' }),
    /** user | admin (docs/admin.md): ADMIN_PHONES at login or `npm run admin -- grant|revoke`. */
    role: varchar('role', { length: 16 }).notNull().default('user'),
    /** Set while the account is banned by an operator: no login, no live session (docs/admin.md). */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    banReason: varchar('ban_reason', { length: 200 }).notNull().default(''),
    appChannel: varchar('app_channel', { length: 32 }).notNull().default('web'),
    /** Invite permission opened (openInvitePermission): commissions accrue only when true. */
    inviteOpen: boolean('invite_open').notNull().default(false),
    /** Inviter's cash wallet in cents; only ever changed together with a wallet_ledger row. */
    walletCents: integer('wallet_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_uq')
      .on(t.phone)
      .where(sql`${t.phone} is not null`),
    uniqueIndex('users_account_uq')
      .on(t.account)
      .where(sql`${t.account} is not null`),
    uniqueIndex('users_email_uq')
      .on(t.email)
      .where(sql`${t.email} is not null`),
    uniqueIndex('users_invite_code_uq').on(t.inviteCode),
    // The console's per-day numbers (admin-stats) read by creation time.
    index('users_created_idx').on(t.createdAt),
  ],
);

/** Session tokens: only the SHA-256 of the random token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('auth_tokens_hash_uq').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId), index('auth_tokens_created_idx').on(t.createdAt)],
);

/** Every SMS code sent; also the record the per-phone and per-IP send limits count. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phone: varchar('phone', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull().default('login'),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);
