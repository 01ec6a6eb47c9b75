import { accountKindOf, MSG, type LoginReq, type PhoneLoginReq, type RegisterReq, type UserInfo } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { refused, unauthorized } from '../../http/errors';
import { enforce } from '../../http/rate-limit';
import { consumeCaptchaToken, registerCaptchaOwner } from '../captcha/service';
import { rememberAddress, reservePasswordCheck } from './password-guard';
import { checkPassword, hashPassword } from './passwords';
import { SessionCache } from './session-cache';
import { verifySmsCode } from './sms';
import type { Db } from '../../db/client';
import type { KeyValueStore } from '../../infra/kv';
import { revokeDeviceTokens, selectDevicesOfUser } from './device-store';
import { applyConfiguredRole } from './roles';
import {
  findSession,
  findUserById,
  findUserByLogin,
  findUserIdByInviteCode,
  insertToken,
  insertUser,
  revokeAllTokens,
  revokeToken,
  selectSessionsOfUser,
  uniqueViolation,
  type UserRow,
} from './store';
import { hashToken, looksLikeToken, newSessionToken } from './tokens';
import { defaultNick, toUserInfo } from './user-info';
import { effectiveVip } from '../shop/membership';

export { sendSmsCode, verifySmsCode } from './sms';

/** Who is calling and when; routes fill it from the request, tests choose `at`. */
export interface ClientMeta {
  ip: string;
  userAgent: string;
  at: Date;
}

// ---- Sessions

/** This app's cache of checked sessions (one per context, in its module states). */
function cacheOf(ctx: AppContext): SessionCache {
  return ctx.moduleStates.get('auth:sessions', () => new SessionCache());
}

/** Where a process says "forget this session / this user's sessions" to the others (pub/sub of the shared store). */
export const SESSION_DROP_CHANNEL = 'auth:session-drop';

/**
 * Hear the other processes' logouts and user changes, so their cached sessions go at once rather
 * than at the cache's TTL. With the memory store there is only this process, and it is already told.
 */
export async function watchSessionDrops(ctx: AppContext): Promise<void> {
  const cache = cacheOf(ctx);
  await ctx.kv.subscribe(SESSION_DROP_CHANNEL, (message) => {
    if (message.startsWith('h:')) cache.drop(message.slice(2));
    else if (message.startsWith('u:')) {
      const id = Number(message.slice(2));
      if (Number.isSafeInteger(id)) cache.dropUser(id);
    }
  });
}

function tellOtherProcesses(ctx: AppContext, message: string): Promise<void> {
  // Best effort: a Redis hiccup must not fail a logout; the cache's TTL still bounds staleness.
  return ctx.kv.publish(SESSION_DROP_CHANNEL, message).catch(() => undefined);
}

/** The user of a session token, or null when it is unknown, revoked or expired. Used by the auth hook. */
export async function resolveSessionToken(ctx: AppContext, token: string, at: Date = new Date()): Promise<AuthUser | null> {
  if (!looksLikeToken(token)) return null;
  const hash = hashToken(token);
  const cache = cacheOf(ctx);
  const now = at.getTime();
  const cached = cache.get(hash, now);
  if (cached) return cached;
  const s = await findSession(ctx.database.db, hash, at);
  if (!s) return null;
  const user: AuthUser = { id: s.userId, vip: effectiveVip(s, at), phone: s.phone, role: s.role === 'admin' ? 'admin' : 'user', tokenId: s.tokenId };
  cache.set(hash, user, now, s.expiresAt.getTime());
  return user;
}

/** Call after changing a user's vip, phone, role or ban so the next request reads them fresh (every process). */
export function forgetUserSessions(ctx: AppContext, userId: number): void {
  cacheOf(ctx).dropUser(userId);
  void tellOtherProcesses(ctx, `u:${userId}`);
}

/**
 * The same for a process that serves no requests (the admin command line): it has no session cache of its own, so it
 * only tells the server processes, through the shared store (Redis). Without one, the servers' cache TTL bounds it.
 */
export async function announceUserChange(kv: KeyValueStore, userId: number): Promise<void> {
  await kv.publish(SESSION_DROP_CHANNEL, `u:${userId}`).catch(() => undefined);
}

/**
 * End every session of a user at once (a ban, a password reset): its tokens and remembered devices are revoked in the
 * caller's transaction; after the commit the caller drops the cached sessions (forgetUserSessions). Answers how many
 * were live.
 */
export async function revokeAllSessions(tx: Db, userId: number, at: Date): Promise<number> {
  const tokens = await revokeAllTokens(tx, userId, at);
  const devices = await revokeDeviceTokens(tx, userId, null, at);
  return tokens + devices;
}

/** The account's recent sessions and remembered devices, for the operator's account page. */
export async function sessionsOfUser(ctx: Pick<AppContext, 'database'>, userId: number, limit: number) {
  const db = ctx.database.db;
  const [sessions, devices] = await Promise.all([selectSessionsOfUser(db, userId, limit), selectDevicesOfUser(db, userId, limit)]);
  return { sessions, devices };
}

/**
 * A session for an account that passed a login check (every login path ends here): a banned account is refused, and
 * an ADMIN_PHONES phone gets the admin role first (roles.ts).
 */
export async function startSession(ctx: AppContext, account: UserRow, meta: ClientMeta): Promise<UserInfo> {
  if (account.bannedAt) throw refused(MSG.adminBannedLogin);
  const { user, changed } = await applyConfiguredRole(ctx, account);
  // Other sessions of this account were cached with the old role.
  if (changed) forgetUserSessions(ctx, user.id);
  const { token, hash } = newSessionToken();
  await insertToken(ctx.database.db, {
    userId: user.id,
    tokenHash: hash,
    createdAt: meta.at,
    expiresAt: new Date(meta.at.getTime() + ctx.config.tokenTtlDays * 86_400_000),
    ip: meta.ip.slice(0, 64),
    userAgent: meta.userAgent.slice(0, 512),
  });
  // An address the owner logged in from is never slowed down by someone else's password guessing.
  await rememberAddress(ctx.kv, user.id, meta.ip);
  return toUserInfo(user, token, ctx.config.tzBusiness);
}

/** Revoke the caller's session; without a valid session there is nothing to do. */
export async function logout(ctx: AppContext, user: AuthUser | null, token: string | null, at: Date): Promise<void> {
  if (user) await revokeToken(ctx.database.db, user.id, user.tokenId, at);
  if (token) {
    const hash = hashToken(token);
    cacheOf(ctx).drop(hash);
    await tellOtherProcesses(ctx, `h:${hash}`);
  }
}

export async function currentUserInfo(ctx: AppContext, user: AuthUser, token: string): Promise<UserInfo> {
  const row = await findUserById(ctx.database.db, user.id);
  if (!row) throw unauthorized();
  return toUserInfo(row, token, ctx.config.tzBusiness);
}

// ---- Accounts

class AccountTaken extends Error {}

interface NewAccount {
  kind: 'phone' | 'email' | 'username';
  name: string;
  nick: string;
  passwordHash?: string;
  appChannel?: string;
  inviteCode?: string;
}

async function createUser(ctx: AppContext, a: NewAccount): Promise<UserRow> {
  const db = ctx.database.db;
  const invitedBy = a.inviteCode ? await findUserIdByInviteCode(db, a.inviteCode.toUpperCase()) : null;
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertUser(db, {
        phone: a.kind === 'phone' ? a.name : null,
        email: a.kind === 'email' ? a.name : null,
        account: a.kind === 'username' ? a.name : null,
        passwordHash: a.passwordHash ?? null,
        nick: a.nick,
        inviteCode: newInviteCode(),
        invitedBy,
        appChannel: (a.appChannel || 'web').slice(0, 32),
      });
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === 'users_invite_code_uq' && attempt < 5) continue;
      if (constraint) throw new AccountTaken();
      throw err;
    }
  }
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newInviteCode(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += INVITE_ALPHABET[Math.floor(Math.random() * INVITE_ALPHABET.length)];
  return s;
}

/** Login names are unique case-insensitively: e-mails and usernames are kept in lower case. */
export function loginName(kind: 'phone' | 'email' | 'username', user: string): string {
  return kind === 'phone' ? user : user.toLowerCase();
}

/** SMS-code login; the first login of a phone creates its account. */
export async function phoneLogin(ctx: AppContext, req: PhoneLoginReq, meta: ClientMeta): Promise<UserInfo> {
  await verifySmsCode(ctx, req.phone, req.code, meta.at);
  const db = ctx.database.db;
  let user = await findUserByLogin(db, 'phone', req.phone);
  if (!user) {
    try {
      user = await createUser(ctx, {
        kind: 'phone',
        name: req.phone,
        nick: defaultNick('phone', req.phone),
        appChannel: req.app_channel,
        inviteCode: req.invite_code,
      });
    } catch (err) {
      // Two first logins at once: the other one created it.
      if (!(err instanceof AccountTaken)) throw err;
      user = await findUserByLogin(db, 'phone', req.phone);
      if (!user) throw err;
    }
  }
  return startSession(ctx, user, meta);
}

/** Register with a username, e-mail or phone (+ SMS code) and log in. */
export async function register(ctx: AppContext, req: RegisterReq, meta: ClientMeta): Promise<UserInfo> {
  // Shell 4: the register flow needs the slider first; its token is used up whatever follows.
  await consumeCaptchaToken(ctx, registerCaptchaOwner(meta.ip), 'register', req.captcha_token);
  const kind = accountKindOf(req.user);
  if (!kind) throw refused(MSG.usernameInvalid);
  const name = loginName(kind, req.user);
  if (kind === 'phone') await verifySmsCode(ctx, name, req.code ?? '', meta.at);
  if (await findUserByLogin(ctx.database.db, kind, name)) throw refused(MSG.accountExists);
  await limitRegistrations(ctx, meta.ip, req.device_id);
  const passwordHash = await hashPassword(req.pass);
  try {
    const nick = kind === 'username' ? req.user : defaultNick(kind, name);
    const user = await createUser(ctx, { kind, name, nick, passwordHash, appChannel: req.app_channel, inviteCode: req.invite_code });
    return await startSession(ctx, user, meta);
  } catch (err) {
    if (err instanceof AccountTaken) throw refused(MSG.accountExists);
    throw err;
  }
}

const DAY_SEC = 86_400;

/**
 * New accounts per 24 hours from one address and one browser (the slider alone can be scripted).
 * Counted before the account is created, atomically, so concurrent registrations cannot slip past.
 */
async function limitRegistrations(ctx: AppContext, ip: string, deviceId: string | undefined): Promise<void> {
  const { perIpPerDay, perDevicePerDay } = ctx.config.register;
  await enforce(ctx.kv, `register:ip:${ip}`, DAY_SEC, perIpPerDay, MSG.registerTooMany);
  if (deviceId) await enforce(ctx.kv, `register:device:${deviceId}`, DAY_SEC, perDevicePerDay, MSG.registerTooMany);
}

/**
 * Password login by phone, e-mail or username. Checks are limited per account and address, and
 * slowed down per account for unfamiliar addresses (password-guard.ts), never locked for the owner.
 */
export async function passwordLogin(ctx: AppContext, req: LoginReq, meta: ClientMeta): Promise<UserInfo> {
  const kind = accountKindOf(req.user) ?? 'username';
  const name = loginName(kind, req.user);
  const user = await findUserByLogin(ctx.database.db, kind, name);
  const check = await reservePasswordCheck(ctx.kv, `${kind}:${name}`, meta.ip, user?.id ?? null);
  const good = (await checkPassword(user?.passwordHash, req.pass)) && user !== null;
  await check.settle(good);
  if (!good || !user) throw refused(MSG.accountOrPasswordWrong);
  return startSession(ctx, user, meta);
}
