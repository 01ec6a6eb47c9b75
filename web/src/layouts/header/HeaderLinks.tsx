import { DownloadOutlined, NotificationOutlined, StarFilled } from '@ant-design/icons';
import { Link } from 'react-router';
import { selectIsLoggedIn, selectUser, useUserStore } from '../../stores/user';
import styles from './header.module.css';

/** Update log and client download links of the header (docs/product/shell-and-navigation.md §2). */
export function HeaderLinks() {
  return (
    <nav className={styles.links} aria-label="更新与下载">
      <Link to="/helpfor/news" className={styles.link} aria-label="更新日志" title="更新日志">
        <NotificationOutlined />
        <span className={styles.linkText}>更新日志</span>
      </Link>
      <Link to="/download" className={styles.link} aria-label="下载客户端" title="下载客户端">
        <DownloadOutlined />
        <span className={styles.linkText}>下载客户端</span>
      </Link>
    </nav>
  );
}

/** The user's points; opens the points log (docs/product/shell-and-navigation.md §2). Shown to signed-in users only. */
export function PointsBadge() {
  const isLoggedIn = useUserStore(selectIsLoggedIn);
  const points = useUserStore((s) => selectUser(s)?.points);
  if (!isLoggedIn || points === undefined) return null;
  return (
    <Link to="/console/pointslog" className={styles.points} data-testid="points-badge" aria-label={`我的积分 ${points}`} title="查看积分明细">
      <StarFilled /> {points} 积分
    </Link>
  );
}
