import { Segmented, Spin, Tabs } from 'antd';
import { MSG } from '@wanxiang/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { CodeLoginForm } from './CodeLoginForm';
import { GiftPanel } from './GiftPanel';
import { PasswordLoginForm } from './PasswordLoginForm';
import { useLoginActions } from './useLoginActions';
import { WechatPanel } from './WechatPanel';
import styles from './login.module.css';

/** Shell 4 "Login dialog": the tab is wechat, account or register; the account sub-mode msgCode or login. */
export type LoginTab = 'wechat' | 'account' | 'register';
export type AccountMode = 'msgCode' | 'login';

interface Props {
  /** From /login/:invite_code or the invite_code query parameter; locks the invite entry. */
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
  const actions = useLoginActions({ inviteCode: inviteLocked ? inviteCode : '', onSuccess });
  const busy = actions.busy !== null;

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
        <PasswordLoginForm disabled={busy} mode="login" submit={actions.loginByPassword} />
      )}
      <div className={styles.switchLine}>
        还没有账号？
        <button type="button" className={styles.linkButton} onClick={() => setTab('register')}>
          用户名注册
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
          onRegister={() => setTab('register')}
          onInviteConfirm={(code) => {
            setInviteCode(code);
            setInviteLocked(true);
          }}
        />
      )}
      <section className={styles.formSide}>
        <Spin spinning={busy} description={actions.busy === 'code' ? MSG.fetchingCode : MSG.loggingIn}>
          {tab === 'register' ? (
            <div className={styles.pane}>
              <h2 className={styles.registerTitle}>注册账号</h2>
              <p className={styles.registerHint}>{MSG.registerHint}</p>
              <PasswordLoginForm disabled={busy} mode="register" submit={actions.registerAndLogin} />
              <div className={styles.switchLine}>
                已有账号？
                <button type="button" className={styles.linkButton} onClick={() => setTab('account')}>
                  去登录
                </button>
              </div>
            </div>
          ) : (
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key === 'wechat' ? 'wechat' : 'account')}
              centered
              items={[
                { key: 'wechat', label: '微信登录', children: <WechatPanel /> },
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
