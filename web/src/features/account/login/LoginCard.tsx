import { Checkbox, Segmented, Spin, Tabs } from 'antd';
import { LOGIN_LIMITS, MSG } from '@wanxiang/contract';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AccountHistoryRow } from '../../../db/bianjie';
import { CodeLoginForm } from './CodeLoginForm';
import { GiftPanel } from './GiftPanel';
import { PasswordLoginForm } from './PasswordLoginForm';
import { RegisterCaptcha } from './RegisterCaptcha';
import { RememberedAccounts } from './RememberedAccounts';
import { forgetAccount, listRemembered } from './remembered-accounts';
import { useLoginActions } from './useLoginActions';
import { WechatPanel } from './WechatPanel';
import styles from './login.module.css';

/** Shell 4 "Login dialog": the tab is wechat, account or register; the account sub-mode msgCode or login. */
export type LoginTab = 'wechat' | 'account' | 'register';
export type AccountMode = 'msgCode' | 'login';

interface Props {
  /** From /login/:invite_code, the invite_code query or the landing URL; locks the invite entry. */
  initialInviteCode?: string;
  onSuccess?: () => void;
  /** Page layout drops the gift panel below 768 px; the dialog handles that itself. */
  showGift?: boolean;
}

/** The login card shared by the login dialog and the /login page. */
export function LoginCard({ initialInviteCode = '', onSuccess, showGift = true }: Props) {
  const [tab, setTab] = useState<LoginTab>('account');
  const [mode, setMode] = useState<AccountMode>('msgCode');
  const [inviteCode, setInviteCode] = useState(initialInviteCode);
  const [inviteLocked, setInviteLocked] = useState(Boolean(initialInviteCode));
  const [remember, setRemember] = useState(false);
  const [remembered, setRemembered] = useState<AccountHistoryRow[]>([]);
  // Register: the slider's one-use token, then (1.5 s after 验证成功) the form.
  const [captchaToken, setCaptchaToken] = useState('');
  const [showRegisterForm, setShowRegisterForm] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(0);

  const reloadRemembered = useCallback(async () => {
    const rows = await listRemembered();
    setRemembered(rows);
    return rows;
  }, []);

  useEffect(() => {
    let live = true;
    void reloadRemembered().then((rows) => {
      // Someone who ticked 记住密码 last time finds it ticked and the password mode open.
      if (!live || rows.length === 0) return;
      setRemember(true);
      setMode('login');
    });
    return () => {
      live = false;
    };
  }, [reloadRemembered]);

  const actions = useLoginActions({
    inviteCode: inviteLocked ? inviteCode : '',
    remember,
    onSuccess,
    onRememberedChanged: () => void reloadRemembered(),
    // The refusal says to use a code instead: open that mode (it needs no password).
    onPasswordThrottled: () => setMode('msgCode'),
  });
  const busy = actions.busy !== null;

  useEffect(() => {
    if (!captchaToken) return;
    const t = setTimeout(() => setShowRegisterForm(true), LOGIN_LIMITS.codeRequestDelayMs);
    return () => clearTimeout(t);
  }, [captchaToken]);

  const restartCaptcha = () => {
    setCaptchaToken('');
    setShowRegisterForm(false);
    setCaptchaKey((k) => k + 1);
  };

  const openRegister = () => {
    restartCaptcha();
    setTab('register');
  };

  const rememberBox = (
    <Checkbox className={styles.remember} checked={remember} onChange={(e) => setRemember(e.target.checked)}>
      {MSG.rememberPassword}
    </Checkbox>
  );

  const accountPane = (
    <div className={styles.pane}>
      <Segmented
        block
        value={mode}
        onChange={(v) => setMode(v)}
        options={[
          { label: '验证码登录', value: 'msgCode' as const },
          { label: '密码登录', value: 'login' as const },
        ]}
        className={styles.modeSwitch}
      />
      {mode === 'msgCode' ? (
        <CodeLoginForm disabled={busy} sendCode={actions.sendCode} submit={actions.loginByCode} />
      ) : (
        <>
          <RememberedAccounts
            rows={remembered}
            disabled={busy}
            onLogin={(row) => void actions.loginByDevice(row)}
            onRemove={(row) => void forgetAccount(row.account).then(reloadRemembered)}
          />
          <PasswordLoginForm disabled={busy} mode="login" submit={actions.loginByPassword} />
        </>
      )}
      {!showGift && rememberBox}
      <div className={styles.switchLine}>
        还没有账号？
        <button type="button" className={styles.linkButton} onClick={openRegister}>
          用户名注册
        </button>
      </div>
    </div>
  );

  const registerPane = (
    <div className={styles.pane}>
      <h2 className={styles.registerTitle}>注册账号</h2>
      <p className={styles.registerHint}>{MSG.registerHint}</p>
      {showRegisterForm ? (
        <PasswordLoginForm
          disabled={busy}
          mode="register"
          submit={async (account, password) => {
            const ok = await actions.registerAndLogin(account, password, captchaToken);
            // The token was used up either way: a failed register starts at the slider again.
            if (!ok) restartCaptcha();
          }}
        />
      ) : (
        <div className={styles.registerCaptcha}>
          <p className={styles.registerCaptchaHint}>请先完成滑块验证</p>
          <RegisterCaptcha resetKey={captchaKey} onPass={setCaptchaToken} />
        </div>
      )}
      <div className={styles.switchLine}>
        已有账号？
        <button type="button" className={styles.linkButton} onClick={() => setTab('account')}>
          去登录
        </button>
      </div>
    </div>
  );

  return (
    <div className={styles.card}>
      {showGift && (
        <GiftPanel
          inviteCode={inviteCode}
          inviteLocked={inviteLocked}
          onRegister={openRegister}
          onInviteConfirm={(code) => {
            setInviteCode(code);
            setInviteLocked(true);
          }}
          rememberBox={rememberBox}
        />
      )}
      <section className={styles.formSide}>
        <Spin spinning={busy} description={actions.busy === 'code' ? MSG.fetchingCode : MSG.loggingIn}>
          {tab === 'register' ? (
            registerPane
          ) : (
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key === 'wechat' ? 'wechat' : 'account')}
              centered
              destroyOnHidden
              items={[
                {
                  key: 'wechat',
                  label: '微信登录',
                  // Mounted only while shown: leaving the tab stops the polling.
                  children:
                    tab === 'wechat' ? <WechatPanel inviteCode={inviteLocked ? inviteCode : ''} onLogin={actions.finishWechat} /> : null,
                },
                { key: 'account', label: '账号登录', children: accountPane },
              ]}
            />
          )}
          <p className={styles.agreement}>
            登录即表示同意
            <Link to="/console/agreement/user">《用户协议》</Link>和<Link to="/console/agreement/privacy">《隐私政策》</Link>
          </p>
        </Spin>
      </section>
    </div>
  );
}
