import { z } from 'zod';
import { ADMIN_MSG } from '../msg/admin';
import type { PointsBillRow, UsageItem } from './quota';

/**
 * The operator's admin API (/api/admin/*, docs/api.md "Admin", docs/admin.md): every call needs a session of an
 * account with the admin role (visitors 401, other accounts 403). Mutations answer the changed state and write one
 * row of the append-only audit log with the state before and after.
 */

// ---- Roles

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Who wrote an audit row: an admin account (its id), the `npm run admin` command line, or ADMIN_PHONES at login. */
export const AUDIT_ACTOR_KINDS = ['admin', 'cli', 'config'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** Audit action codes of the user area; future areas (catalog, money) add their own `<area>.<verb>` codes. */
export const ADMIN_USER_ACTIONS = ['user.points', 'user.membership', 'user.ban', 'user.unban', 'user.password', 'user.role'] as const;

// ---- Limits

export const ADMIN_PAGE_SIZE_DEFAULT = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** Largest single points grant or deduction. */
export const ADMIN_POINTS_DELTA_MAX = 1_000_000;
export const ADMIN_POINTS_REASON_MAX = 100;
export const ADMIN_BAN_REASON_MAX = 200;
/** Highest membership level an operator may set (tiers.json levels are small numbers; 52 and 79 are the spec's). */
export const ADMIN_VIP_MAX = 999;
export const ADMIN_PASSWORD_MIN = 6;
export const ADMIN_PASSWORD_MAX = 32;
/** Rows of the detail page's recent lists (orders, points ledger). */
export const ADMIN_DETAIL_RECENT = 20;

// ---- Fields

const pageField = z.coerce
  .number({ error: ADMIN_MSG.adminPageInvalid })
  .int({ error: ADMIN_MSG.adminPageInvalid })
  .min(1, { error: ADMIN_MSG.adminPageInvalid })
  .max(100_000, { error: ADMIN_MSG.adminPageInvalid })
  .default(1);

const sizeField = z.coerce
  .number({ error: ADMIN_MSG.adminSizeInvalid })
  .int({ error: ADMIN_MSG.adminSizeInvalid })
  .min(1, { error: ADMIN_MSG.adminSizeInvalid })
  .max(ADMIN_PAGE_SIZE_MAX, { error: ADMIN_MSG.adminSizeInvalid })
  .default(ADMIN_PAGE_SIZE_DEFAULT);

// ---- Requests

/** :id of /api/admin/users/:id and its actions. */
export const AdminUserIdSchema = z.object({
  id: z.coerce
    .number({ error: ADMIN_MSG.adminUserIdInvalid })
    .int({ error: ADMIN_MSG.adminUserIdInvalid })
    .min(1, { error: ADMIN_MSG.adminUserIdInvalid })
    .max(Number.MAX_SAFE_INTEGER, { error: ADMIN_MSG.adminUserIdInvalid }),
});

/** GET /api/admin/users?keyword=&page=&size=: keyword matches the id (exactly), phone, nick, e-mail or username. */
export const AdminUserListQuerySchema = z.object({
  keyword: z.string({ error: ADMIN_MSG.adminKeywordInvalid }).trim().max(64, { error: ADMIN_MSG.adminKeywordInvalid }).default(''),
  page: pageField,
  size: sizeField,
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;

/** POST /api/admin/users/:id/points: a credit (delta > 0) or debit (delta < 0); the reason is shown in the user's bill. */
export const AdminPointsSchema = z.object({
  delta: z
    .number({ error: ADMIN_MSG.adminPointsDeltaInvalid })
    .int({ error: ADMIN_MSG.adminPointsDeltaInvalid })
    .min(-ADMIN_POINTS_DELTA_MAX, { error: ADMIN_MSG.adminPointsDeltaInvalid })
    .max(ADMIN_POINTS_DELTA_MAX, { error: ADMIN_MSG.adminPointsDeltaInvalid })
    .refine((n) => n !== 0, { error: ADMIN_MSG.adminPointsDeltaInvalid }),
  reason: z
    .string({ error: ADMIN_MSG.adminPointsReasonInvalid })
    .trim()
    .min(1, { error: ADMIN_MSG.adminPointsReasonInvalid })
    .max(ADMIN_POINTS_REASON_MAX, { error: ADMIN_MSG.adminPointsReasonInvalid }),
});
export type AdminPointsReq = z.infer<typeof AdminPointsSchema>;

/**
 * POST /api/admin/users/:id/membership: the level and its term, replacing the current ones. vip 0 makes a free user
 * (no term); vip > 0 needs exactly one of `expiresAt` (ISO time, in the future) and `permanent: true`. `vipType` is the
 * label shown with the level (月卡, 年卡...); absent keeps the current one.
 */
export const AdminMembershipSchema = z
  .object({
    vip: z
      .number({ error: ADMIN_MSG.adminVipInvalid })
      .int({ error: ADMIN_MSG.adminVipInvalid })
      .min(0, { error: ADMIN_MSG.adminVipInvalid })
      .max(ADMIN_VIP_MAX, { error: ADMIN_MSG.adminVipInvalid }),
    expiresAt: z.iso.datetime({ offset: true, error: ADMIN_MSG.adminExpiresAtInvalid }).optional(),
    permanent: z.boolean({ error: ADMIN_MSG.adminMembershipTermRequired }).optional(),
    vipType: z.string({ error: ADMIN_MSG.adminVipTypeInvalid }).trim().max(32, { error: ADMIN_MSG.adminVipTypeInvalid }).optional(),
  })
  .superRefine((v, ctx) => {
    const hasExpiry = v.expiresAt !== undefined;
    const permanent = v.permanent === true;
    if (v.vip === 0) {
      if (hasExpiry || permanent) ctx.addIssue({ code: 'custom', path: ['vip'], message: ADMIN_MSG.adminMembershipFreeNoTerm });
    } else if (hasExpiry === permanent) {
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: ADMIN_MSG.adminMembershipTermRequired });
    }
  });
export type AdminMembershipReq = z.infer<typeof AdminMembershipSchema>;

/** POST /api/admin/users/:id/ban. */
export const AdminBanSchema = z.object({
  reason: z
    .string({ error: ADMIN_MSG.adminBanReasonInvalid })
    .trim()
    .min(1, { error: ADMIN_MSG.adminBanReasonInvalid })
    .max(ADMIN_BAN_REASON_MAX, { error: ADMIN_MSG.adminBanReasonInvalid }),
});
export type AdminBanReq = z.infer<typeof AdminBanSchema>;

/** POST /api/admin/users/:id/password: the new password, or none to have the server make a random one. */
export const AdminPasswordSchema = z.object({
  password: z
    .string({ error: ADMIN_MSG.adminPasswordInvalid })
    .min(ADMIN_PASSWORD_MIN, { error: ADMIN_MSG.adminPasswordInvalid })
    .max(ADMIN_PASSWORD_MAX, { error: ADMIN_MSG.adminPasswordInvalid })
    .optional(),
});
export type AdminPasswordReq = z.infer<typeof AdminPasswordSchema>;

/**
 * GET /api/admin/audit?page=&size=&action=&target=: newest first. `action` is an action code (`user.ban`), or an area
 * prefix ending in a dot (`user.`); `target` is `<type>:<id>` (`user:10001`) or a bare id.
 */
export const AdminAuditQuerySchema = z.object({
  page: pageField,
  size: sizeField,
  action: z
    .string({ error: ADMIN_MSG.adminActionFilterInvalid })
    .trim()
    .regex(/^([a-z][a-z_]{0,31}(\.[a-z][a-z_]{0,31})*\.?)?$/, { error: ADMIN_MSG.adminActionFilterInvalid })
    .max(48, { error: ADMIN_MSG.adminActionFilterInvalid })
    .default(''),
  target: z
    .string({ error: ADMIN_MSG.adminTargetFilterInvalid })
    .trim()
    .regex(/^(([a-z][a-z_]{0,31}):)?([\w.-]{1,64})?$/, { error: ADMIN_MSG.adminTargetFilterInvalid })
    .max(97, { error: ADMIN_MSG.adminTargetFilterInvalid })
    .default(''),
});
export type AdminAuditQuery = z.infer<typeof AdminAuditQuerySchema>;

// ---- Answers

/** GET /api/admin/me: the signed-in admin (the console's entry check). */
export interface AdminMe {
  id: number;
  phone: string;
  nick: string;
  role: UserRole;
}

/** One account as the console lists it. Times are ISO strings. */
export interface AdminUserItem {
  id: number;
  phone: string;
  nick: string;
  email: string;
  account: string;
  avatar: string;
  /** The live level: 0 once a non-permanent membership has expired. */
  vip: number;
  /** The stored level, also after it expired. */
  vipStored: number;
  vipType: string;
  vipExpiresAt: string | null;
  vipPermanent: boolean;
  points: number;
  role: UserRole;
  banned: boolean;
  bannedAt: string | null;
  banReason: string;
  createdAt: string;
}

export interface AdminUserList {
  list: AdminUserItem[];
  total: number;
  page: number;
  size: number;
}

/** A shop order of the user (amount in cents). */
export interface AdminOrderItem {
  orderNo: string;
  shopId: number;
  shopName: string;
  amountCents: number;
  provider: string;
  status: string;
  createdAt: string;
  paidAt: string | null;
}

/** A login session (auth token) of the user; only its metadata, never the token. */
export interface AdminSessionItem {
  id: number;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  ip: string;
  userAgent: string;
  live: boolean;
}

/** A remembered device (记住密码 device token). */
export interface AdminDeviceItem {
  id: number;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  live: boolean;
}

export interface AdminUserDetail {
  user: AdminUserItem & {
    inviteCode: string;
    invitedBy: number | null;
    appChannel: string;
    walletCents: number;
    hasPassword: boolean;
    updatedAt: string;
  };
  /** The newest orders (ADMIN_DETAIL_RECENT). */
  orders: AdminOrderItem[];
  /** The balance and the newest ledger rows, as the user's own bill shows them. */
  points: { balance: number; recent: PointsBillRow[] };
  /** Today's counts per quota key (as number/all answers the user) and lifetime chat counts. */
  usage: { quota: UsageItem[]; conversations: number; messages: number; tasks: number };
  /** The newest sessions (ADMIN_DETAIL_RECENT), live or not. */
  sessions: AdminSessionItem[];
  devices: AdminDeviceItem[];
}

export interface AdminPointsRes {
  /** The user's balance after the change. */
  balance: number;
  ledgerId: number;
}

export interface AdminBanRes {
  user: AdminUserItem;
  /** Sessions and device tokens that were live and are now revoked. */
  sessionsEnded: number;
}

export interface AdminPasswordRes {
  /** The generated password, shown once; null when the admin gave one. */
  password: string | null;
  sessionsEnded: number;
}

/** One row of the audit log; before/after are the changed fields' values (JSON), null when not applicable. */
export interface AdminAuditItem {
  id: number;
  actorKind: AuditActorKind;
  /** The admin's user id; null for the command line and ADMIN_PHONES. */
  actorId: number | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  ip: string;
  at: string;
}

export interface AdminAuditList {
  list: AdminAuditItem[];
  total: number;
  page: number;
  size: number;
}
