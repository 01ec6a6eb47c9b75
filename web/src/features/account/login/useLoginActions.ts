import type { UserInfo } from '@wanxiang/contract';
import { Code, MSG } from '@wanxiang/contract';
import { useState } from 'react';
import { deviceLogin, login, phoneLogin, register, sendSmsCode } from '../../../api/auth';
import { RequestError } from '../../../api/request';
import { feedback } from '../../../components/feedback/holder';
import type { AccountHistoryRow } from '../../../db/bianjie';
import { useUserStore } from '../../../stores/user';
import { deviceId } from './device-id';
import { forgetAccount, forgetAllAccounts, rememberAccount } from './remembered-accounts';

/** What the login card is waiting for: drives the spinner text of docs/product/accounts.md §2. */
export type LoginBusy = 'login' | 'code' | null;

interface Options {
  inviteCode: string;
  /** 记住密码 ticked: keep the account with a device token after login; unticked: clear them. */
  remember: boolean;
  onSuccess?: () => void;
  /** A remembered account was dropped (its token refused): the card reloads its list. */
  onRememberedChanged?: () => void;
  /** Password checks for this account are slowed down (429): the card offers SMS code login. */
  onPasswordThrottled?: () => void;
}

/** The calls behind the login card; failures show the server's message and end the spinner (docs/product/accounts.md §8). */
export function useLoginActions({ inviteCode, remember, onSuccess, onRememberedChanged, onPasswordThrottled }: Options) {
  const setSession = useUserStore((s) => s.setSession);
  const [busy, setBusy] = useState<LoginBusy>(null);

  async function run<T>(kind: Exclude<LoginBusy, null>, work: () => Promise<T>): Promise<T | undefined> {
    setBusy(kind);
    try {
      return await work();
    } catch (err) {
      if (!(err instanceof RequestError)) throw err;
      feedback().error(err.msg || MSG.requestFailed);
      return undefined;
    } finally {
      setBusy(null);
    }
  }

  /** Store the session, then keep or forget the account (best effort: the login itself succeeded). */
  function finish(user: UserInfo, account: string | null): true {
    setSession(user);
    feedback().success(MSG.loginSuccess);
    if (remember && account) void rememberAccount(account).catch(() => undefined);
    else if (!remember) void forgetAllAccounts();
    onSuccess?.();
    return true;
  }

  const invite = inviteCode.trim() || undefined;

  return {
    busy,
    sendCode: (phone: string) =>
      run('code', async () => {
        await sendSmsCode({ phone }, { silent: true });
        feedback().success(MSG.smsSent);
        return true;
      }),
    loginByCode: (phone: string, code: string) =>
      run('login', async () => finish(await phoneLogin({ phone, code, invite_code: invite }, { silent: true }), phone)),
    loginByPassword: (account: string, password: string) =>
      run('login', async () => {
        try {
          return finish(await login({ user: account, pass: password }, { silent: true }), account);
        } catch (err) {
          if (err instanceof RequestError && err.code === Code.RATE_LIMITED) onPasswordThrottled?.();
          throw err;
        }
      }),
    /** A remembered account: its device token stands in for the password; a refused token is forgotten. */
    loginByDevice: (row: AccountHistoryRow) =>
      run('login', async () => {
        try {
          const user = await deviceLogin({ account: row.account, device_token: row.deviceToken }, { silent: true });
          setSession(user);
          feedback().success(MSG.loginSuccess);
          onSuccess?.();
          return true;
        } catch (err) {
          if (err instanceof RequestError && err.code !== 504) {
            await forgetAccount(row.account);
            onRememberedChanged?.();
          }
          throw err;
        }
      }),
    /** WeChat QR confirmed: the panel already holds the user info. */
    finishWechat: (user: UserInfo) => finish(user, null),
    /** Shell 4 "Register": register (with the slider's token), then log in automatically with the same password. */
    registerAndLogin: (account: string, password: string, captchaToken: string) =>
      run('login', async () => {
        await register({ user: account, pass: password, invite_code: invite, captcha_token: captchaToken, device_id: deviceId() }, { silent: true });
        feedback().success(MSG.registerSuccess);
        return finish(await login({ user: account, pass: password }, { silent: true }), account);
      }),
  };
}
