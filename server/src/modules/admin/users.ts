import { ADMIN_DETAIL_RECENT, MSG, type AdminMe, type AdminUserDetail, type AdminUserItem, type AdminUserList, type AdminUserListQuery } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { notFound, unauthorized } from '../../http/errors';
import { sessionsOfUser } from '../auth/service';
import { pointsBill } from '../points/bill';
import { usageAll } from '../quota/numbers';
import { effectiveVip } from '../shop/membership';
import { countActivity, selectOrdersOfUser, selectUser, selectUserPage, type AdminUserRow } from './users-store';

/**
 * The operator's view of accounts (docs/api.md "Admin"): search and one account's page, read through the owning areas'
 * services where they have one (points bill, quota usage, sessions). The admin actions are in user-actions.ts.
 */
export type AdminContext = AppContext;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** One account as the console lists it; `at` decides whether a membership has expired. */
export function toAdminUser(u: AdminUserRow, at: Date = new Date()): AdminUserItem {
  return {
    id: u.id,
    phone: u.phone ?? '',
    nick: u.nick,
    email: u.email ?? '',
    account: u.account ?? '',
    avatar: u.avatar,
    vip: effectiveVip(u, at),
    vipStored: u.vip,
    vipType: u.vipType,
    vipExpiresAt: iso(u.vipExpiresAt),
    vipPermanent: u.vipPermanent,
    points: u.points,
    role: u.role === 'admin' ? 'admin' : 'user',
    banned: u.bannedAt !== null,
    bannedAt: iso(u.bannedAt),
    banReason: u.banReason,
    createdAt: u.createdAt.toISOString(),
  };
}

/** GET /api/admin/me: the console's entry check. */
export async function adminMe(ctx: AdminContext, admin: AuthUser): Promise<AdminMe> {
  const row = await selectUser(ctx.database.db, admin.id);
  if (!row) throw unauthorized();
  return { id: row.id, phone: row.phone ?? '', nick: row.nick, role: admin.role };
}

/** GET /api/admin/users: newest first; the keyword matches the id exactly or a part of the phone, nick, e-mail or username. */
export async function listUsers(ctx: AdminContext, q: AdminUserListQuery): Promise<AdminUserList> {
  const { rows, total } = await selectUserPage(ctx.database.db, q.keyword, q.size, (q.page - 1) * q.size);
  const now = new Date();
  return { list: rows.map((r) => toAdminUser(r, now)), total, page: q.page, size: q.size };
}

/** The account or a 404. */
export async function userOr404(ctx: AdminContext, userId: number): Promise<AdminUserRow> {
  const row = await selectUser(ctx.database.db, userId);
  if (!row) throw notFound(MSG.adminUserNotFound);
  return row;
}

/** GET /api/admin/users/:id: the account with its recent orders, points ledger, usage, sessions and devices. */
export async function userDetail(ctx: AdminContext, userId: number): Promise<AdminUserDetail> {
  const row = await userOr404(ctx, userId);
  const now = new Date();
  const db = ctx.database.db;
  const [orders, bill, quota, activity, { sessions, devices }] = await Promise.all([
    selectOrdersOfUser(db, userId, ADMIN_DETAIL_RECENT),
    pointsBill(ctx, userId, { type: 0, page: 1, rows: ADMIN_DETAIL_RECENT }),
    usageAll(ctx, { id: userId, vip: effectiveVip(row, now) }, now),
    countActivity(db, userId),
    sessionsOfUser(ctx, userId, ADMIN_DETAIL_RECENT),
  ]);
  const live = (revokedAt: Date | null, expiresAt: Date) => revokedAt === null && expiresAt.getTime() > now.getTime() && row.bannedAt === null;
  return {
    user: {
      ...toAdminUser(row, now),
      inviteCode: row.inviteCode,
      invitedBy: row.invitedBy,
      appChannel: row.appChannel,
      walletCents: row.walletCents,
      hasPassword: row.passwordHash !== null,
      updatedAt: row.updatedAt.toISOString(),
    },
    orders: orders.map((o) => ({ ...o, createdAt: o.createdAt.toISOString(), paidAt: iso(o.paidAt) })),
    points: { balance: bill.points, recent: bill.list },
    usage: { quota, ...activity },
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      revokedAt: iso(s.revokedAt),
      ip: s.ip,
      userAgent: s.userAgent,
      live: live(s.revokedAt, s.expiresAt),
    })),
    devices: devices.map((d) => ({
      id: d.id,
      createdAt: d.createdAt.toISOString(),
      expiresAt: d.expiresAt.toISOString(),
      lastUsedAt: iso(d.lastUsedAt),
      revokedAt: iso(d.revokedAt),
      live: live(d.revokedAt, d.expiresAt),
    })),
  };
}
