import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Row, Segmented, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { ADMIN_CONSOLE_MSG as T, type AdminStats } from '@wanxiang/contract';
import { adminStats } from '../../../api/admin';
import { PageHead } from '../PageHead';
import { formatTime } from '../format';
import { useLoad } from '../useLoad';
import { TREND_CHARTS, trendOption } from './chart-options';
import { EChart } from '../../../components/charts/EChart';
import { RankTables } from './RankTables';
import { StatCards } from './StatCards';
import styles from '../admin.module.css';

const RANGES = [7, 30, 90] as const;

function Charts({ stats }: { stats: AdminStats }) {
  // Options are rebuilt only with new numbers: a new object would redraw the chart.
  const options = useMemo(() => TREND_CHARTS.map((c) => ({ chart: c, option: trendOption(stats.series, c) })), [stats]);
  return (
    <Row gutter={[16, 16]} className={styles.block}>
      {options.map(({ chart, option }) => (
        <Col key={chart.title} xs={24} xl={chart.wide ? 24 : 12}>
          <Card size="small" title={chart.title}>
            <EChart option={option} testId="admin-chart" />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** 仪表盘: today's numbers against the chosen window, the daily trends and the rankings (GET /api/admin/stats). */
export function DashboardPage() {
  const [days, setDays] = useState<number>(30);
  const { data, loading, error, reload } = useLoad(`stats:${days}`, (signal) => adminStats(days, { signal }));

  return (
    <div data-testid="admin-dashboard">
      <PageHead
        title={T.navDashboard}
        extra={
          <Space wrap>
            <Segmented<number> value={days} onChange={setDays} options={RANGES.map((d) => ({ label: T.dashRange(d), value: d }))} />
            <Button icon={<ReloadOutlined />} loading={loading} onClick={reload} aria-label={T.retry} />
          </Space>
        }
      >
        {data && <Typography.Text className={styles.muted}>{T.dashUpdatedAt(formatTime(data.generatedAt))}</Typography.Text>}
      </PageHead>
      {error && (
        <Alert
          type="error"
          showIcon
          className={styles.block}
          title={error}
          action={
            <Button size="small" onClick={reload}>
              {T.retry}
            </Button>
          }
        />
      )}
      {data && (
        <>
          <div className={styles.block}>
            <StatCards stats={data} />
          </div>
          <Charts stats={data} />
          <RankTables stats={data} />
        </>
      )}
    </div>
  );
}
