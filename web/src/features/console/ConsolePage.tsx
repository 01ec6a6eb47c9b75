import {
  BarChartOutlined,
  CalendarOutlined,
  CustomerServiceOutlined,
  DownloadOutlined,
  GiftOutlined,
  IdcardOutlined,
  QuestionCircleOutlined,
  UnorderedListOutlined,
  CrownOutlined,
  LogoutOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { MSG, type UserInfo } from '@wanxiang/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { openLoginDialog } from '../../app-events';
import { feedback } from '../../components/feedback/holder';
import { useDialogs } from '../../stores/dialogs';
import { selectIsLoggedIn, selectUser, useUserStore } from '../../stores/user';
import { openBindPhoneDialog } from '../account/bind-phone/bind-phone-store';
import { displayName, isMember, maskPhone, membershipLabel, vipExpiryText } from '../account/user-display';
import { InfoLayout } from '../info/InfoLayout';
import infoStyles from '../info/info.module.css';
import { ApiKeysSection } from './api-keys/ApiKeysSection';
import { ProfileAvatar } from './ProfileAvatar';
import { SharesSection } from './shares/SharesSection';
import styles from './console.module.css';

function QuickLink({ to, onClick, icon, label }: { to?: string; onClick?: () => void; icon: ReactNode; label: string }) {
  const body = (
    <>
      <span className={styles.linkIcon}>{icon}</span>
      {label}
    </>
  );
  return to ? (
    <Link to={to} className={styles.link}>
      {body}
    </Link>
  ) : (
    <button type="button" className={styles.link} onClick={onClick}>
      {body}
    </button>
  );
}

function VisitorCard() {
  return (
    <div className={`${infoStyles.card} ${styles.visitor}`}>
      <ProfileAvatar user={null} size={72} />
      <div className={styles.nick}>登录后查看个人中心</div>
      <p className={infoStyles.muted}>登录即可同步对话记录、每日签到领积分、查看会员权益与邀请奖励。</p>
      <Button type="primary" size="large" onClick={() => openLoginDialog()}>
        登录 / 注册
      </Button>
    </div>
  );
}

function confirmLogout() {
  feedback().confirm({
    title: MSG.logoutConfirmTitle,
    content: MSG.logoutConfirm,
    onOk: () => {
      useUserStore.getState().logout();
      feedback().success(MSG.logoutSuccess);
      openLoginDialog();
    },
  });
}

function Account({ user }: { user: UserInfo }) {
  const openDialog = useDialogs((s) => s.open);
  const expiry = vipExpiryText(user);
  return (
    <>
      <div className={infoStyles.card}>
        <div className={styles.profile}>
          <ProfileAvatar user={user} size={72} />
          <div className={styles.profileMain}>
            <div className={styles.nick} data-testid="console-nick">
              {displayName(user)}
            </div>
            <div className={styles.meta}>
              <span>ID：{user.uid}</span>
              <span>
                手机号：
                {user.phone ? (
                  maskPhone(user.phone)
                ) : (
                  <>
                    未绑定{' '}
                    <Button size="small" type="link" onClick={openBindPhoneDialog} style={{ padding: 0 }}>
                      绑定手机号
                    </Button>
                  </>
                )}
              </span>
            </div>
          </div>
          <div className={infoStyles.buttons}>
            <Button icon={<CalendarOutlined />} onClick={() => openDialog('signin')}>
              每日签到
            </Button>
            <Button icon={<BarChartOutlined />} onClick={() => openDialog('usage')}>
              数据看板
            </Button>
            <Link to="/console/user">
              <Button>编辑资料</Button>
            </Link>
          </div>
        </div>
      </div>
      <div className={styles.stats}>
        <div className={`${styles.statCard} ${styles.vipCard}`}>
          <span className={styles.statLabel}>会员状态</span>
          <span className={styles.statValue}>{membershipLabel(user)}</span>
          <span className={styles.statLabel}>{isMember(user) ? expiry || MSG.vipPermanent : '开通会员，畅享高阶模型与更多次数'}</span>
          <div className={styles.statActions}>
            <Link to="/console/vip">
              <Button shape="round" style={{ background: '#f7e3b0', border: 0, color: '#4a3200' }}>
                {isMember(user) ? '续费会员' : '开通会员'}
              </Button>
            </Link>
          </div>
        </div>
        <div className={`${styles.statCard} ${styles.pointsCard}`}>
          <span className={styles.statLabel}>我的积分</span>
          <span className={styles.statValue} data-testid="console-points">
            {user.points}
          </span>
          <div className={styles.statActions}>
            <Link to="/console/vip">
              <Button shape="round">购买积分</Button>
            </Link>
            <Link to="/console/pointslog">
              <Button shape="round" ghost>
                积分明细
              </Button>
            </Link>
          </div>
        </div>
      </div>
    </>
  );
}

/** /console, the personal centre: account, membership, points, shortcuts, share links, API keys; visitors see a login card. */
export default function ConsolePage() {
  const loggedIn = useUserStore(selectIsLoggedIn);
  const user = useUserStore(selectUser);
  const openDialog = useDialogs((s) => s.open);
  return (
    <InfoLayout title="个人中心">
      {loggedIn && user ? <Account user={user} /> : <VisitorCard />}
      <div className={infoStyles.card}>
        <h2 className={infoStyles.cardTitle}>常用功能</h2>
        <div className={styles.links}>
          <QuickLink to="/console/pointslog" icon={<UnorderedListOutlined />} label="积分明细" />
          <QuickLink to="/console/vip" icon={<CrownOutlined />} label="会员中心" />
          <QuickLink to="/console/invite" icon={<GiftOutlined />} label="邀请有礼" />
          <QuickLink to="/console/user" icon={<IdcardOutlined />} label="个人信息" />
          <QuickLink onClick={() => openDialog('download')} icon={<DownloadOutlined />} label="下载客户端" />
          <QuickLink to="/helpfor/centre" icon={<QuestionCircleOutlined />} label="帮助中心" />
          <QuickLink to="/helpfor/intriguing" icon={<CustomerServiceOutlined />} label="联系客服" />
        </div>
      </div>
      {loggedIn && user && <SharesSection />}
      {loggedIn && user && <ApiKeysSection member={isMember(user)} />}
      {loggedIn && (
        <div style={{ textAlign: 'center' }}>
          <Button danger icon={<LogoutOutlined />} onClick={confirmLogout}>
            退出登录
          </Button>
        </div>
      )}
    </InfoLayout>
  );
}
