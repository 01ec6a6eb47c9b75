import { Button, QRCode, Spin } from 'antd';
import { CheckCircleFilled, ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { MSG, type UserInfo } from '@wanxiang/contract';
import { useWechatQr } from './useWechatQr';
import styles from './login.module.css';

interface Props {
  inviteCode: string;
  onLogin: (user: UserInfo) => void;
}

/** WeChat QR login tab (docs/product/accounts.md §2, §4): scan, confirm on the phone, logged in here. No login button. */
export function WechatPanel({ inviteCode, onLogin }: Props) {
  const { qr, phase, error, refresh } = useWechatQr({ inviteCode, onLogin });

  return (
    <div className={styles.wechat} data-testid="wechat-panel" data-phase={phase}>
      <div className={styles.qrFrame}>
        {phase === 'failed' ? (
          <div className={styles.qrError} role="alert">
            <span>{error}</span>
            <Button size="small" icon={<ReloadOutlined />} onClick={refresh}>
              {MSG.wxQrRefresh.replace('！', '')}
            </Button>
          </div>
        ) : phase === 'done' ? (
          <div className={styles.qrError}>
            <CheckCircleFilled className={styles.qrDone} />
            <span>{MSG.loginSuccess}</span>
          </div>
        ) : !qr || phase === 'loading' ? (
          <Spin />
        ) : qr.qr_type === 'image' ? (
          <img src={qr.url} alt="微信登录二维码" width={176} height={176} data-testid="wechat-qr" />
        ) : (
          <a href={qr.url} target="_blank" rel="noreferrer" data-testid="wechat-qr" data-url={qr.url} title="开发模式：点击打开确认页">
            <QRCode value={qr.url} size={176} bordered={false} />
          </a>
        )}
      </div>
      <p className={styles.wechatTitle}>
        <WechatOutlined className={styles.wechatIcon} /> {MSG.wxScanHint}
      </p>
      <p className={styles.wechatHint}>注册即送 100% 会员礼包，未注册的微信号将自动创建账号</p>
    </div>
  );
}
