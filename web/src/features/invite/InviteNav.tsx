import { Segmented } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import styles from './invite.module.css';

/** The four invite pages (docs/product/invite.md §2: /console/invite, list, cash, order) as one switcher. */
const TABS = [
  { value: '/console/invite', label: '邀请有礼' },
  { value: '/console/invite/list', label: '邀请记录' },
  { value: '/console/invite/cash', label: '佣金提现' },
  { value: '/console/invite/order', label: '提现记录' },
];

export function InviteNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = TABS.find((t) => t.value === pathname.replace(/\/+$/, ''))?.value ?? TABS[0]!.value;
  return (
    <div className={styles.nav}>
      <Segmented options={TABS} value={current} onChange={(v) => void navigate(String(v))} data-testid="invite-nav" />
    </div>
  );
}
