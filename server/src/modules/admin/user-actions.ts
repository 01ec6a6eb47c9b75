import { randomInt } from 'node:crypto';
import {
  MSG,
  type AdminBanRes,
  type AdminMembershipReq,
  type AdminPasswordRes,
  type AdminPointsRes,
  type AdminUserItem,
} from '@wanxiang/contract';
import type { Db } from '../../db/client';
import { notFound, refused } from '../../http/errors';
import { forgetUserSessions, revokeAllSessions } from '../auth/service';
import { hashPassword } from '../auth/passwords';
import { changePoints } from '../points/service';
import { writeAudit, type AuditActor } from './audit';
import { toAdminUser, type AdminContext } from './users';
import { lockUser, updateBan, updateMembership, updatePasswordHash, type AdminUserRow, type MembershipFields } from './users-store';

/**
 * What an admin does to an account (docs/api.md "Admin"): points, membership, ban and unban, password reset. Each action
 * locks the account row, changes it, and writes its audit row with the state before and after in one transaction, so
 * the log never misses or invents a change. Actions that change what a session carries (vip, ban) or end sessions
 * drop the user's cached sessions after the commit, in every process.
 */
type AdminActor = Extract<AuditActor, { kind: 'admin' }>;

/** Ledger reason of an operator's points change; its Chinese name (平台调整) shows in the user's bill. */
export const ADMIN_POINTS_REASON = 'admin';

/** Run `change` on the locked account inside one transaction; an unknown id is a 404. */
async function onLockedUser<T>(ctx: AdminContext, userId: number, change: (tx: Db, row: AdminUserRow) => Promise<T>): Promise<T> {
  return ctx.database.db.transaction(async (tx) => {
    const row = await lockUser(tx, userId);
    if (!row) throw notFound(MSG.adminUserNotFound);
    return change(tx, row);
  });
}

const target = (userId: number) => ({ type: 'user', id: userId });

/**
 * POST /api/admin/users/:id/points: one ledger row (reason `admin`, the admin's reason as its note, shown in the
 * user's bill) by the points service's one conditional statement; a debit past the balance is refused.
 */
export async function adjustPoints(ctx: AdminContext, actor: AdminActor, userId: number, req: { delta: number; reason: string }): Promise<AdminPointsRes> {
  return onLockedUser(ctx, userId, async (tx, row) => {
    const applied = await changePoints(ctx, { userId, delta: req.delta, reason: ADMIN_POINTS_REASON, ref: `admin:${actor.id}`, note: req.reason }, tx);
    if (!applied) throw refused(MSG.adminPointsInsufficient);
    await writeAudit(
      ctx,
      {
        actor,
        action: 'user.points',
        target: target(userId),
        before: { points: row.points },
        after: { points: applied.balance, delta: req.delta, reason: req.reason, ledgerId: applied.ledgerId },
      },
      tx,
    );
    return { balance: applied.balance, ledgerId: applied.ledgerId };
  });
}

const membershipOf = (u: AdminUserRow) => ({
  vip: u.vip,
  vipType: u.vipType,
  vipPermanent: u.vipPermanent,
  vipExpiresAt: u.vipExpiresAt ? u.vipExpiresAt.toISOString() : null,
});

/**
 * POST /api/admin/users/:id/membership: replaces the level and its term (unlike a purchase, which extends them).
 * vip 0 makes a free user; an expiry must lie in the future.
 */
export async function setMembership(ctx: AdminContext, actor: AdminActor, userId: number, req: AdminMembershipReq, at: Date = new Date()): Promise<AdminUserItem> {
  const expiresAt = req.expiresAt ? new Date(req.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= at.getTime()) throw refused(MSG.adminExpiresAtPast);
  const updated = await onLockedUser(ctx, userId, async (tx, row) => {
    const next: MembershipFields =
      req.vip === 0
        ? { vip: 0, vipType: '', vipPermanent: false, vipExpiresAt: null }
        : { vip: req.vip, vipType: req.vipType ?? row.vipType, vipPermanent: req.permanent === true, vipExpiresAt: expiresAt };
    await updateMembership(tx, userId, next);
    const after = { ...row, ...next };
    await writeAudit(ctx, { actor, action: 'user.membership', target: target(userId), before: membershipOf(row), after: membershipOf(after) }, tx);
    return after;
  });
  // Sessions carry the live level (the chat gate reads it from there).
  forgetUserSessions(ctx, userId);
  return toAdminUser(updated, at);
}

/**
 * POST /api/admin/users/:id/ban: the account can no longer log in, and its sessions and remembered devices end now
 * (revoked in the same transaction; the cached sessions of every process are dropped after it). Admin accounts and the
 * caller's own are refused, so a console cannot lock its operators out.
 */
export async function banUser(ctx: AdminContext, actor: AdminActor, userId: number, reason: string, at: Date = new Date()): Promise<AdminBanRes> {
  const out = await onLockedUser(ctx, userId, async (tx, row) => {
    if (row.id === actor.id) throw refused(MSG.adminBanSelfRefused);
    if (row.role === 'admin') throw refused(MSG.adminBanAdminRefused);
    if (row.bannedAt) throw refused(MSG.adminAlreadyBanned);
    await updateBan(tx, userId, { at, reason });
    const sessionsEnded = await revokeAllSessions(tx, userId, at);
    await writeAudit(
      ctx,
      { actor, action: 'user.ban', target: target(userId), before: { banned: false }, after: { banned: true, reason, sessionsEnded } },
      tx,
    );
    return { row: { ...row, bannedAt: at, banReason: reason }, sessionsEnded };
  });
  forgetUserSessions(ctx, userId);
  return { user: toAdminUser(out.row, at), sessionsEnded: out.sessionsEnded };
}

/** POST /api/admin/users/:id/unban: logins work again; the sessions ended by the ban stay ended. */
export async function unbanUser(ctx: AdminContext, actor: AdminActor, userId: number, at: Date = new Date()): Promise<AdminUserItem> {
  const row = await onLockedUser(ctx, userId, async (tx, row) => {
    if (!row.bannedAt) throw refused(MSG.adminNotBanned);
    await updateBan(tx, userId, null);
    await writeAudit(
      ctx,
      {
        actor,
        action: 'user.unban',
        target: target(userId),
        before: { banned: true, bannedAt: row.bannedAt.toISOString(), reason: row.banReason },
        after: { banned: false },
      },
      tx,
    );
    return { ...row, bannedAt: null, banReason: '' };
  });
  forgetUserSessions(ctx, userId);
  return toAdminUser(row, at);
}

const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GENERATED_PASSWORD_LENGTH = 12;

/** 12 characters from 55 without look-alikes (about 69 bits): read out or typed from the console once. */
export function generatePassword(): string {
  let s = '';
  for (let i = 0; i < GENERATED_PASSWORD_LENGTH; i++) s += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return s;
}

/**
 * POST /api/admin/users/:id/password: the given password, or a generated one answered once (never stored in clear,
 * never in the audit row); every session and remembered device of the account ends.
 */
export async function resetPassword(ctx: AdminContext, actor: AdminActor, userId: number, given: string | undefined, at: Date = new Date()): Promise<AdminPasswordRes> {
  const password = given ?? generatePassword();
  // argon2 takes a while: hash before the row is locked.
  const hash = await hashPassword(password);
  const sessionsEnded = await onLockedUser(ctx, userId, async (tx, row) => {
    await updatePasswordHash(tx, userId, hash);
    const ended = await revokeAllSessions(tx, userId, at);
    await writeAudit(
      ctx,
      {
        actor,
        action: 'user.password',
        target: target(userId),
        before: { hasPassword: row.passwordHash !== null },
        after: { hasPassword: true, generated: given === undefined, sessionsEnded: ended },
      },
      tx,
    );
    return ended;
  });
  forgetUserSessions(ctx, userId);
  return { password: given === undefined ? password : null, sessionsEnded };
}
