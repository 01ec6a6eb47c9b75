import { PHONE_PATTERN, type UserRole } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { setUserRole, type RoleChange } from '../auth/roles';
import { selectAdmins, selectUserByPhone } from './users-store';

/**
 * Granting and revoking the admin role by phone (the `npm run admin` command line; docs/admin.md). The role change and
 * its audit row (actor 'cli') are one transaction in the auth module's setUserRole.
 */
export type RoleCliContext = Pick<AppContext, 'database' | 'config'>;

export type RoleOutcome =
  | { kind: 'bad_phone' }
  | { kind: 'no_account' }
  | { kind: 'done'; change: RoleChange; phone: string; stillConfigured: boolean };

export async function setRoleByPhone(ctx: RoleCliContext, phone: string, role: UserRole): Promise<RoleOutcome> {
  if (!PHONE_PATTERN.test(phone)) return { kind: 'bad_phone' };
  const user = await selectUserByPhone(ctx.database.db, phone);
  if (!user) return { kind: 'no_account' };
  const change = await setUserRole(ctx, user.id, role, { kind: 'cli' });
  if (!change) return { kind: 'no_account' };
  // A revoked phone still in ADMIN_PHONES gets the role back at its next login.
  return { kind: 'done', change, phone, stillConfigured: role === 'user' && ctx.config.adminPhones.includes(phone) };
}

export async function listAdmins(ctx: RoleCliContext): Promise<{ id: number; phone: string; nick: string }[]> {
  const rows = await selectAdmins(ctx.database.db);
  return rows.map((r) => ({ id: r.id, phone: r.phone ?? '', nick: r.nick }));
}
