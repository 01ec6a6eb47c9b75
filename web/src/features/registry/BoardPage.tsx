import { useEffect, useState } from 'react';
import { Button, Statistic } from 'antd';
import { useNavigate } from 'react-router';
import { userPoints } from '../../api/quota';
import { selectIsLoggedIn, useUserStore } from '../../stores/user';
import { useDialogs } from '../../stores/dialogs';
import { UsageBody } from '../usage/UsageDialog';
import { UsageDailyChart } from '../usage/UsageDailyChart';
import { InfoLayout } from '../info/InfoLayout';
import { LoginNeeded } from './LoginNeeded';
import { RecentToolRuns } from './RecentToolRuns';
import styles from './registry.module.css';

const LEAD = '今天各功能还剩多少次、积分余额多少、最近用过哪些工具，一页看清。';

/** The signed-in user's points balance (null while loading or when the call failed). */
function usePoints(loggedIn: boolean): number | null {
  const [points, setPoints] = useState<number | null>(null);
  useEffect(() => {
    if (!loggedIn) return;
    const ctrl = new AbortController();
    userPoints({ silent: true, signal: ctrl.signal })
      .then(setPoints)
      .catch(() => undefined);
    return () => ctrl.abort();
  }, [loggedIn]);
  return points;
}

/** /board (数据看板): today's counts per feature (the usage dialog's table), the points balance and the latest tool runs. */
export default function BoardPage({ title }: { title?: string }) {
  const loggedIn = useUserStore(selectIsLoggedIn);
  const points = usePoints(loggedIn);
  const navigate = useNavigate();
  const openDialog = useDialogs((s) => s.open);
  return (
    <InfoLayout title={title ?? '数据看板'} lead={LEAD}>
      {!loggedIn ? (
        <section className={styles.panel}>
          <LoginNeeded what="你的数据看板" />
        </section>
      ) : (
        <>
          <section className={styles.panel} data-testid="board-points">
            <div className={styles.spread}>
              <Statistic title="积分余额" value={points ?? '…'} />
              <div className={styles.row}>
                <Button onClick={() => openDialog('signin')}>每日签到</Button>
                <Button onClick={() => navigate('/console/pointslog')}>积分明细</Button>
                <Button type="primary" onClick={() => navigate('/console/vip')}>
                  开通会员
                </Button>
              </div>
            </div>
          </section>
          <section className={styles.panel}>
            <UsageDailyChart />
          </section>
          {/* Above the long table of counts, so the latest work is in view without scrolling. */}
          <RecentToolRuns />
          <section className={styles.panel} data-testid="board-usage">
            <h2 className={styles.panelTitle}>今日次数</h2>
            <UsageBody />
          </section>
        </>
      )}
    </InfoLayout>
  );
}
