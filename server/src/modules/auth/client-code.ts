import { LOGIN_LIMITS, MSG, type ClientCodeRes, type ClientLoginReq, type UserInfo } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { refused } from '../../http/errors';
import { startSession, type ClientMeta } from './service';
import { findUserById } from './store';
import { hashToken, newSessionToken } from './tokens';
import { toUserInfo } from './user-info';

/**
 * The desktop client's hand-over to the web page (docs/product/accounts.md §2): the
 * client, signed in natively, asks for a one-time code (32 random bytes, only the hash kept, 60 s)
 * and opens /?source=wanxiang_pc&client_code=...; the page exchanges it once by POST for a session
 * of its own. No session token ever travels in an address (server logs, history, Referer), and a
 * leaked code is dead after one use or a minute.
 */

const codeKey = (hash: string) => `clientcode:${hash}`;
const claimKey = (hash: string) => `clientcode:${hash}:used`;

export async function issueClientCode(ctx: AppContext, user: AuthUser): Promise<ClientCodeRes> {
  const { token: code, hash } = newSessionToken();
  await ctx.kv.set(codeKey(hash), String(user.id), LOGIN_LIMITS.clientCodeTtlSec);
  return { client_code: code, expires_in: LOGIN_LIMITS.clientCodeTtlSec };
}

/** The caller's own session, when it sent one that is live. */
export interface CurrentSession {
  user: AuthUser;
  token: string;
}

/**
 * Exchange a code, once (claimed with an atomic counter, so racing exchanges get one session).
 * A caller already signed in as the code's account keeps its session (no second one is made);
 * otherwise a new session starts and the page decides, asking before it replaces another account.
 */
export async function clientLogin(ctx: AppContext, req: ClientLoginReq, meta: ClientMeta, current: CurrentSession | null): Promise<UserInfo> {
  const hash = hashToken(req.client_code);
  const owner = await ctx.kv.get(codeKey(hash));
  if (!owner || (await ctx.kv.incr(claimKey(hash), LOGIN_LIMITS.clientCodeTtlSec)) !== 1) throw refused(MSG.clientCodeInvalid);
  await ctx.kv.del(codeKey(hash));
  const user = await findUserById(ctx.database.db, Number(owner));
  if (!user) throw refused(MSG.clientCodeInvalid);
  if (current?.user.id === user.id) return toUserInfo(user, current.token, ctx.config.tzBusiness);
  return startSession(ctx, user, meta);
}
