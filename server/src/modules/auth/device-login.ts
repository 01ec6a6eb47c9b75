import { accountKindOf, LOGIN_LIMITS, MSG, type DeviceLoginReq, type DeviceTokenRes, type UserInfo } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { refused } from '../../http/errors';
import { insertDeviceToken, revokeDeviceTokens, useDeviceToken } from './device-store';
import { loginName, startSession, type ClientMeta } from './service';
import { findUserById } from './store';
import { hashToken, newSessionToken } from './tokens';

/**
 * Remember account (docs/product/accounts.md §3 accountHistory) without keeping a password in the browser: after a
 * login with 记住密码 ticked, the browser asks for a long-lived device token (random 32 bytes,
 * only its hash stored, 90 days, revocable) and keeps {account, token}. Next time it trades the
 * token for a fresh session; the account name must still be the token owner's login name.
 */

export async function issueDeviceToken(ctx: AppContext, user: AuthUser, at: Date): Promise<DeviceTokenRes> {
  const { token, hash } = newSessionToken();
  const expiresAt = new Date(at.getTime() + LOGIN_LIMITS.deviceTokenTtlDays * 86_400_000);
  await insertDeviceToken(ctx.database.db, { userId: user.id, tokenHash: hash, createdAt: at, expiresAt });
  return { device_token: token, expires_at: Math.floor(expiresAt.getTime() / 1000) };
}

/** Whether `account` (as typed at login: phone, e-mail or username) names this user. */
function accountMatches(user: { phone: string | null; email: string | null; account: string | null }, account: string): boolean {
  const kind = accountKindOf(account) ?? 'username';
  const name = loginName(kind, account);
  const own = kind === 'phone' ? user.phone : kind === 'email' ? user.email : user.account;
  return own !== null && own === name;
}

export async function deviceLogin(ctx: AppContext, req: DeviceLoginReq, meta: ClientMeta): Promise<UserInfo> {
  const fail = () => refused(MSG.deviceLoginInvalid);
  const found = await useDeviceToken(ctx.database.db, hashToken(req.device_token), meta.at);
  if (!found) throw fail();
  const user = await findUserById(ctx.database.db, found.userId);
  if (!user || !accountMatches(user, req.account)) throw fail();
  return startSession(ctx, user, meta);
}

/** Revoke one of the caller's device tokens, or all of them. */
export async function revokeDevice(ctx: AppContext, user: AuthUser, token: string | undefined, at: Date): Promise<number> {
  return revokeDeviceTokens(ctx.database.db, user.id, token ? hashToken(token) : null, at);
}
