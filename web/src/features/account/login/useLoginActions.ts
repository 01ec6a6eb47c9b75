import type { UserInfo } from '@wanxiang/contract';
import { MSG } from '@wanxiang/contract';
import { useState } from 'react';
import { login, phoneLogin, register, sendSmsCode } from '../../../api/auth';
import { RequestError } from '../../../api/request';
import { feedback } from '../../../components/feedback/holder';
import { useUserStore } from '../../../stores/user';

/** What the login card is waiting for: drives the spinner text of shell 2.3. */
export type LoginBusy = 'login' | 'code' | null;

interface Options {
  inviteCode: string;
  onSuccess?: () => void;
}

/** The calls behind the login card; failures show the server's message and end the spinner (shell 8). */
export function useLoginActions({ inviteCode, onSuccess }: Options) {
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

  function finish(user: UserInfo): true {
    setSession(user);
    feedback().success(MSG.loginSuccess);
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
      run('login', async () => finish(await phoneLogin({ phone, code, invite_code: invite }, { silent: true }))),
    loginByPassword: (account: string, password: string) =>
      run('login', async () => finish(await login({ user: account, pass: password }, { silent: true }))),
    /** Shell 4 "Register": register, then log in automatically with the same password. */
    registerAndLogin: (account: string, password: string) =>
      run('login', async () => {
        await register({ user: account, pass: password, invite_code: invite }, { silent: true });
        feedback().success(MSG.registerSuccess);
        return finish(await login({ user: account, pass: password }, { silent: true }));
      }),
  };
}
