import { Card, Col, Row, Statistic } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { ADMIN_CONSOLE_MSG as T, ADMIN_STATS_METRICS, type AdminStats, type AdminStatsMetric } from '@wanxiang/contract';
import { compareToAverage, formatMetric } from '../format';
import styles from './dashboard.module.css';

/** Metrics where a rise is bad news: their arrows are coloured the other way. */
const LOWER_IS_BETTER: ReadonlySet<AdminStatsMetric> = new Set(['vendorErrors']);
/** Metrics whose window total counts accounts once (not the sum of the days). */
const DISTINCT: ReadonlySet<AdminStatsMetric> = new Set(['activeUsers', 'payingUsers']);

function Trend({ metric, today, average }: { metric: AdminStatsMetric; today: number; average: number }) {
  const c = compareToAverage(today, average);
  if (c.pct === null) return <span className={styles.flat}>{T.dashNoBaseline}</span>;
  const good = LOWER_IS_BETTER.has(metric) ? c.trend === 'down' : c.trend === 'up';
  const cls = c.trend === 'flat' ? styles.flat : good ? styles.up : styles.down;
  return (
    <span className={cls} data-testid={`trend-${metric}`}>
      {T.dashVsAverage} {c.trend === 'up' ? <ArrowUpOutlined /> : c.trend === 'down' ? <ArrowDownOutlined /> : null} {Math.abs(c.pct)}%
    </span>
  );
}

/** Today's number of each metric with the window's daily mean, the change against it, and the window's total. */
export function StatCards({ stats }: { stats: AdminStats }) {
  const today = stats.series.at(-1)!;
  return (
    <Row gutter={[16, 16]} className={styles.cards}>
      <Col xs={24} sm={12} lg={8}>
        <Card size="small" className={styles.card} data-testid="stat-usersTotal">
          <Statistic title={T.dashUsersTotal} value={stats.usersTotal.toLocaleString('zh-CN')} />
          <div className={styles.cardFoot}>
            <span>{T.dashNewToday(today.newUsers)}</span>
          </div>
        </Card>
      </Col>
      {ADMIN_STATS_METRICS.map((m) => (
        <Col key={m} xs={24} sm={12} lg={8}>
          <Card size="small" className={styles.card} data-testid={`stat-${m}`}>
            <Statistic title={`${T.dashToday}${T.metricNames[m]}`} value={formatMetric(m, today[m])} />
            <div className={styles.cardFoot}>
              <span>
                {T.dashAverage(stats.days)} {formatMetric(m, stats.window.average[m])}
              </span>
              <Trend metric={m} today={today[m]} average={stats.window.average[m]} />
            </div>
            <div className={styles.cardFoot}>
              <span>
                {DISTINCT.has(m) ? T.dashWindowDistinct(stats.days) : T.dashWindowTotal(stats.days)} {formatMetric(m, stats.window.total[m])}
              </span>
            </div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
