import { useEffect, useRef, useState } from 'react';
import { LOGIN_LIMITS, MSG, type UserInfo, type WxQrcode } from '@wanxiang/contract';
import { getWxQrcode, loginWxQrcode, queryWxQrcode } from '../../../api/auth';
import { RequestError } from '../../../api/request';
import { feedback } from '../../../components/feedback/holder';
import { useUserStore } from '../../../stores/user';
import { qrStep } from './wechat-qr';

export type WechatQrPhase = 'loading' | 'waiting' | 'failed' | 'done';

interface Options {
  inviteCode: string;
  onLogin: (user: UserInfo) => void;
}

/**
 * The WeChat tab's QR (docs/product/accounts.md §4): fetch one, poll queryWxQrcode every 2 s while it waits, log in
 * when it is confirmed, fetch a new one when it is gone. Polling stops when the panel unmounts
 * (tab switched, dialog closed) or a user is logged in.
 */
export function useWechatQr({ inviteCode, onLogin }: Options) {
  const [qr, setQr] = useState<WxQrcode | null>(null);
  const [phase, setPhase] = useState<WechatQrPhase>('loading');
  const [error, setError] = useState('');
  const [generation, setGeneration] = useState(0);
  // The latest callbacks, read by the running poll without restarting it.
  const latest = useRef({ inviteCode, onLogin });
  latest.current = { inviteCode, onLogin };

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const abort = new AbortController();
    const signal = abort.signal;
    const loggedIn = () => Boolean(useUserStore.getState().token);

    const schedule = (q: WxQrcode) => {
      timer = setTimeout(() => void poll(q), LOGIN_LIMITS.wxQrPollMs);
    };

    async function fetchQr() {
      setPhase('loading');
      try {
        const q = await getWxQrcode({ signal });
        if (stopped) return;
        setQr(q);
        setPhase('waiting');
        schedule(q);
      } catch (err) {
        if (stopped) return;
        setPhase('failed');
        setError(err instanceof RequestError && err.msg ? err.msg : MSG.wxQrFailed);
      }
    }

    async function poll(q: WxQrcode) {
      if (stopped || loggedIn()) return;
      let status: number;
      try {
        status = (await queryWxQrcode(q.qrcode_id, { signal })).status;
      } catch {
        // A dropped poll is not a verdict on the QR: try again at the next tick.
        if (!stopped) schedule(q);
        return;
      }
      if (stopped || loggedIn()) return;
      const step = qrStep(status);
      if (step === 'poll') return schedule(q);
      if (step === 'refresh') {
        feedback().warn(MSG.wxQrRefresh);
        return void fetchQr();
      }
      try {
        const invite = latest.current.inviteCode.trim() || undefined;
        const user = await loginWxQrcode({ qrcode_id: q.qrcode_id, invite_code: invite }, { signal });
        if (stopped) return;
        setPhase('done');
        latest.current.onLogin(user);
      } catch (err) {
        if (stopped) return;
        feedback().error(err instanceof RequestError && err.msg ? err.msg : MSG.wxLoginFailed);
        void fetchQr();
      }
    }

    void fetchQr();
    return () => {
      stopped = true;
      clearTimeout(timer);
      abort.abort();
    };
  }, [generation]);

  return { qr, phase, error, refresh: () => setGeneration((g) => g + 1) };
}
