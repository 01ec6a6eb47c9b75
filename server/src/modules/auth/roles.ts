import type { UserRole } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { writeAudit, type AuditActor } from '../admin/audit';
import { updateRole, type UserRow } from './store';

/**
 * Roles of accounts (docs/admin.md): 'user' or 'admin'. ADMIN_PHONES grants the admin role when a listed phone logs
 * in (every login path goes through startSession) or binds its phone; `npm run admin -w server -- grant|revoke` sets it
 * by hand. Each change writes an audit row in the same transaction. The caller then drops the user's cached sessions
 * (forgetUserSessions), so the next request reads the new role.
 */
export type RoleContext = Pick<AppContext, 'database' | 'config'>;

export interface RoleChange {
  userId: number;
  before: UserRole;
  after: UserRole;
}

/** Set a user's role with its audit row; null when the user is unknown, `before === after` when nothing changed. */
export async function setUserRole(ctx: Pick<AppContext, 'database'>, userId: number, role: UserRole, actor: AuditActor): Promise<RoleChange | null> {
  return ctx.database.db.transaction(async (tx) => {
    const found = await updateRole(tx, userId, role);
    if (!found) return null;
    const before = found.before === 'admin' ? 'admin' : 'user';
    if (before !== role) await writeAudit(ctx, { actor, action: 'user.role', target: { type: 'user', id: userId }, before: { role: before }, after: { role } }, tx);
    return { userId, before, after: role };
  });
}

/** Whether ADMIN_PHONES lists this phone. */
export function isConfiguredAdmin(ctx: RoleContext, phone: string | null): boolean {
  return phone !== null && ctx.config.adminPhones.includes(phone);
}

/** The account as it logs in: an ADMIN_PHONES phone without the role gets it now (audited once, as 'config'). */
export async function applyConfiguredRole(ctx: RoleContext, user: UserRow): Promise<{ user: UserRow; changed: boolean }> {
  if (user.role === 'admin' || !isConfiguredAdmin(ctx, user.phone)) return { user, changed: false };
  const change = await setUserRole(ctx, user.id, 'admin', { kind: 'config' });
  const changed = change !== null && change.before !== change.after;
  return { user: change ? { ...user, role: 'admin' } : user, changed };
}
