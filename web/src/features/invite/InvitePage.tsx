import { useEffect, useState } from 'react';
import { Button, Input, QRCode, Skeleton } from 'antd';
import { CopyOutlined, GiftOutlined } from '@ant-design/icons';
import { MSG, type InvitationCodeRes } from '@wanxiang/contract';
import { getInvitationCode, openInvitePermission } from '../../api/invite';
import { feedback } from '../../components/feedback/holder';
import { copyText } from './copy-text';
import { InviteNav } from './InviteNav';
import { useInviteInfo } from './useInviteInfo';
import styles from './invite.module.css';

/**
 * /console/invite (docs/product/invite.md §1, §6): the inviter's code and link (copy, QR), the open-permission
 * button, the figures (invited, paid, commission, balance) and the rules.
 */
export default function InvitePage() {
  const { info, reload } = useInviteInfo();
  const [code, setCode] = useState<InvitationCodeRes | null>(null);
  const [opening, setOpening] = useState(false);

  useEffect(() => {
    void getInvitationCode()
      .then(setCode)
      .catch(() => undefined);
  }, []);

  const open = async () => {
    setOpening(true);
    try {
      await openInvitePermission();
      feedback().success(MSG.inviteOpened);
      await reload();
    } catch {
      // The request layer showed the error.
    } finally {
      setOpening(false);
    }
  };

  const copy = async () => {
    if (!code) return;
    if (await copyText(code.url)) feedback().success(MSG.copied);
    else feedback().error(MSG.copyDenied);
  };

  const ratePct = info ? `${Math.round(info.rate * 100)}%` : '30%';
  return (
    <div className={styles.page} data-testid="invite-page">
      <InviteNav />
      <section className={styles.hero}>
        <h1 className={styles.heroTitle}>
          <GiftOutlined /> 邀请好友，赚 {ratePct} 现金返佣
        </h1>
        <p className={styles.heroSub}>好友通过你的链接注册并开通会员，返佣实时到账，可随时提现。</p>
        <div className={styles.stats}>
          <Stat label="邀请人数" value={info ? String(info.invited_count) : '-'} testId="invite-stat-invited" />
          <Stat label="付费人数" value={info ? String(info.paid_count) : '-'} />
          <Stat label="累计返佣（元）" value={info ? info.total_commission : '-'} />
          <Stat label="可提现（元）" value={info ? info.wallet : '-'} testId="invite-stat-wallet" />
        </div>
      </section>

      <div className={styles.grid}>
        <section className={styles.card}>
          <h2 className={styles.cardTitle}>我的邀请码</h2>
          {code ? (
            <>
              <div className={styles.code} data-testid="invite-code">
                {code.invite_code}
              </div>
              <div className={styles.linkRow}>
                <Input value={code.url} readOnly data-testid="invite-link" />
                <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="invite-copy">
                  复制链接
                </Button>
              </div>
            </>
          ) : (
            <Skeleton active paragraph={{ rows: 1 }} />
          )}
          <div className={styles.actions}>
            {info && !info.invite_open && (
              <Button type="primary" danger loading={opening} onClick={() => void open()} data-testid="invite-open">
                开通邀请权限
              </Button>
            )}
            {info?.invite_open && (
              <span className={styles.hint} data-testid="invite-opened">
                {MSG.inviteOpened}，好友付费后返佣自动计入可提现余额。
              </span>
            )}
          </div>
        </section>
        <section className={`${styles.card} ${styles.qr}`}>
          {code ? (
            <QRCode value={code.url} size={160} bordered={false} data-testid="invite-qr" />
          ) : (
            <Skeleton.Avatar active size={160} shape="square" />
          )}
          <span>微信扫码，邀请好友注册</span>
        </section>
      </div>

      <section className={styles.card} style={{ marginTop: 16 }}>
        <h2 className={styles.cardTitle}>活动规则</h2>
        <ol className={styles.rules}>
          {info?.rules.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className={styles.stat}>
      <div className={styles.statValue} data-testid={testId}>
        {value}
      </div>
      <div className={styles.statLabel}>{label}</div>
    </div>
  );
}
