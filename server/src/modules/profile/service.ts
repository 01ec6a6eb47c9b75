import { MSG, type ChangePasswordReq, type PasswordState, type UpdateInfoReq, type UserInfo } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { refused, unauthorized } from '../../http/errors';
import { enforce } from '../../http/rate-limit';
import { checkPassword, hashPassword } from '../auth/passwords';
import { currentUserInfo } from '../auth/service';
import { passwordHashOf, replacePasswordHash, updateProfile } from './store';
import { revokeDevice } from '../auth/device-login';

/** Wrong old passwords per user per window: guessing through this form is as slow as login. */
export const OLD_PASSWORD_TRIES = 10;
export const OLD_PASSWORD_WINDOW_SEC = 15 * 60;

/** Change nick and/or avatar (already validated by the contract); answers the reloaded user info. */
export async function updateInfo(ctx: AppContext, user: AuthUser, req: UpdateInfoReq, token: string): Promise<UserInfo> {
  if (!(await updateProfile(ctx.database.db, user.id, req))) throw unauthorized();
  return currentUserInfo(ctx, user, token);
}

export async function passwordState(ctx: AppContext, user: AuthUser): Promise<PasswordState> {
  const row = await passwordHashOf(ctx.database.db, user.id);
  if (!row) throw unauthorized();
  return { has_password: Boolean(row.hash) };
}

/**
 * Set a password (accounts created by phone code have none) or change it (the old one must
 * match). Other sessions stay valid: the password is a login method, not the session; remembered
 * devices (their tokens replace typing the password) are revoked when a password is changed.
 */
export async function changePassword(ctx: AppContext, user: AuthUser, req: ChangePasswordReq): Promise<'set' | 'changed'> {
  const db = ctx.database.db;
  const row = await passwordHashOf(db, user.id);
  if (!row) throw unauthorized();
  if (row.hash) {
    if (!req.old) throw refused(MSG.profileOldPasswordNeeded);
    await enforce(ctx.kv, `profile:oldpass:${user.id}`, OLD_PASSWORD_WINDOW_SEC, OLD_PASSWORD_TRIES);
    if (!(await checkPassword(row.hash, req.old))) throw refused(MSG.profileOldPasswordWrong);
    if (req.old === req.pass) throw refused(MSG.profilePasswordSame);
  }
  const next = await hashPassword(req.pass);
  // Someone changed it between our read and this write: make the caller start over.
  if (!(await replacePasswordHash(db, user.id, row.hash, next))) throw refused(MSG.profileOldPasswordWrong);
  // A remembered device stands in for the password: a changed password forgets every device.
  if (row.hash) await revokeDevice(ctx, user, undefined, new Date());
  return row.hash ? 'changed' : 'set';
}
