import { Button, Skeleton } from 'antd';
import type { InvitationInfoRes } from '@wanxiang/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { openLoginDialog } from '../../app-events';
import { invitationInfo } from '../../api/profile';
import { selectIsLoggedIn, selectUser, useUserStore } from '../../stores/user';
import { isMember, membershipLabel, vipExpiryText } from '../account/user-display';
import { InfoLayout } from './InfoLayout';
import styles from './info.module.css';

/** /wallet: points, membership and the inviter's commission wallet, each with its page. */
export default function WalletPage() {
  const loggedIn = useUserStore(selectIsLoggedIn);
  const user = useUserStore(selectUser);
  const [invite, setInvite] = useState<InvitationInfoRes | null | 'none'>(null);
  useEffect(() => {
    if (!loggedIn) return;
    let alive = true;
    void invitationInfo({ silent: true })
      .then((r) => alive && setInvite(r))
      .catch(() => alive && setInvite('none'));
    return () => {
      alive = false;
    };
  }, [loggedIn]);

  if (!loggedIn || !user) {
    return (
      <InfoLayout title="我的钱包">
        <div className={styles.card} style={{ textAlign: 'center' }}>
          <p className={styles.muted}>登录后查看积分、会员与邀请佣金。</p>
          <Button type="primary" onClick={() => openLoginDialog()}>
            登录 / 注册
          </Button>
        </div>
      </InfoLayout>
    );
  }
  const expiry = vipExpiryText(user);
  return (
    <InfoLayout title="我的钱包">
      <div className={styles.grid}>
        <div className={styles.card}>
          <h2 className={styles.cardTitle}>积分余额</h2>
          <div className={styles.stat} data-testid="wallet-points">
            {user.points}
          </div>
          <div className={styles.buttons} style={{ marginTop: 12 }}>
            <Link to="/console/pointslog">
              <Button>积分明细</Button>
            </Link>
            <Link to="/console/vip">
              <Button type="primary">购买积分</Button>
            </Link>
          </div>
        </div>
        <div className={styles.card}>
          <h2 className={styles.cardTitle}>会员</h2>
          <div className={styles.stat}>{membershipLabel(user)}</div>
          <p className={styles.muted}>{isMember(user) ? expiry : '开通会员享更多次数与高阶模型'}</p>
          <Link to="/console/vip">
            <Button type="primary">{isMember(user) ? '续费会员' : '开通会员'}</Button>
          </Link>
        </div>
        <div className={styles.card}>
          <h2 className={styles.cardTitle}>邀请佣金</h2>
          {invite === null ? (
            <Skeleton active paragraph={{ rows: 1 }} />
          ) : invite === 'none' || !invite.invite_open ? (
            <>
              <div className={styles.stat}>¥0.00</div>
              <p className={styles.muted}>开通邀请权限，好友付费即可获得佣金。</p>
              <Link to="/console/invite">
                <Button>去邀请</Button>
              </Link>
            </>
          ) : (
            <>
              <div className={styles.stat} data-testid="wallet-cash">
                ¥{invite.wallet}
              </div>
              <p className={styles.muted}>
                累计佣金 ¥{invite.total_commission}，已邀请 {invite.invited_count} 人
              </p>
              <div className={styles.buttons}>
                <Link to="/console/invite/cash">
                  <Button type="primary">提现</Button>
                </Link>
                <Link to="/console/invite">
                  <Button>邀请有礼</Button>
                </Link>
              </div>
            </>
          )}
        </div>
      </div>
    </InfoLayout>
  );
}
