import { create } from 'zustand';
import { Code, LOGOUT_CODES, MSG, type UserInfo } from '@wanxiang/contract';
import { clientLogin, revokeSession, userInfo } from '../../api/auth';
import { RequestError } from '../../api/request';
import { feedback } from '../../components/feedback/holder';
import { useUserStore } from '../../stores/user';

/**
 * The desktop client's hand-over (docs/product/accounts.md §2): the page trades the one-time `client_code` of its
 * address for a session by POST. It never silently replaces a signed-in session of another
 * account: that asks first (ClientSwitchDialog), and a refused session is revoked at once.
 */

/** A session of another account waiting for the user's answer. */
export interface SwitchRequest {
  /** How the signed-in account is named in the question. */
  current: string;
  next: UserInfo;
}

export const useClientSwitch = create<{ pending: SwitchRequest | null }>(() => ({ pending: null }));

export type HandOver = 'signedIn' | 'same' | 'asked' | 'failed';

/** How an account is named to its owner: nickname, else phone, e-mail or username. */
export function accountLabel(user: Pick<UserInfo, 'nick' | 'phone' | 'email' | 'account'> | null): string {
  return user?.nick || user?.phone || user?.email || user?.account || MSG.clientSwitchUnknownAccount;
}

/** This browser's signed-in account: null when its session is gone (expired or revoked). */
async function liveAccount(): Promise<UserInfo | null> {
  const { token, user } = useUserStore.getState();
  if (!token) return null;
  try {
    return await userInfo({ silent: true, ignoreAuthExpiry: true });
  } catch (err) {
    if (!(err instanceof RequestError)) throw err;
    if (err.code === Code.UNAUTHORIZED || LOGOUT_CODES.includes(err.code)) return null;
    // Network trouble: the session may well be live, so it is asked about, not replaced.
    return user ?? ({} as UserInfo);
  }
}

export async function handOverClientLogin(code: string): Promise<HandOver> {
  let next: UserInfo;
  try {
    // The current session (if any) goes along: the server keeps it when it is the same account.
    next = await clientLogin({ client_code: code }, { silent: true, ignoreAuthExpiry: true });
  } catch (err) {
    if (!(err instanceof RequestError)) throw err;
    feedback().error(err.msg || MSG.clientCodeInvalid);
    return 'failed';
  }
  const store = useUserStore.getState();
  if (next.token === store.token) {
    store.setSession(next);
    return 'same';
  }
  const current = await liveAccount();
  if (!current) {
    if (store.token) store.clearSession();
    useUserStore.getState().setSession(next);
    return 'signedIn';
  }
  useClientSwitch.setState({ pending: { current: accountLabel(current), next } });
  return 'asked';
}

/** 切换账号: the previous session is logged out (best effort), the client's account signed in. */
export function acceptSwitch(): void {
  const pending = useClientSwitch.getState().pending;
  if (!pending) return;
  useClientSwitch.setState({ pending: null });
  const store = useUserStore.getState();
  store.logout();
  useUserStore.getState().setSession(pending.next);
}

/** 保持当前账号: the session made for the client's account is revoked; nothing else changes. */
export function keepCurrent(): void {
  const pending = useClientSwitch.getState().pending;
  if (!pending) return;
  useClientSwitch.setState({ pending: null });
  void revokeSession(pending.next.token).catch(() => undefined);
}
