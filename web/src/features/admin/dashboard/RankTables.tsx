import { Card, Col, Progress, Row, Table, type TableColumnsType } from 'antd';
import { ADMIN_CONSOLE_MSG as T, type AdminStats, type AdminStatsRank } from '@wanxiang/contract';
import styles from './dashboard.module.css';

type Ranked = AdminStatsRank & { vendor?: string };

/** A ranking as a small table; a model's vendor shows under its name (third-width cards have no room for a column). */
function RankTable({ title, rows, testId, errorTone = false }: { title: string; rows: Ranked[]; testId: string; errorTone?: boolean }) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  const columns: TableColumnsType<Ranked> = [
    { title: T.colRank, width: 52, render: (_v, _r, i) => i + 1 },
    {
      title: T.colName,
      render: (_v, r) => (
        <>
          <span className={styles.rankName}>{r.name}</span>
          {(r.name !== r.key || r.vendor) && <span className={styles.rankKey}>{[r.name !== r.key && r.key, r.vendor].filter(Boolean).join(' · ')}</span>}
        </>
      ),
    },
    {
      title: T.colCount,
      width: 130,
      render: (_v, r) => (
        <div className={styles.rankBar}>
          <Progress percent={(r.count / max) * 100} format={() => r.count.toLocaleString('zh-CN')} size="small" status={errorTone ? 'exception' : 'normal'} />
        </div>
      ),
    },
  ];
  return (
    <Card size="small" title={title} className={styles.card} data-testid={testId}>
      <Table<Ranked> rowKey="key" size="small" columns={columns} dataSource={rows} pagination={false} locale={{ emptyText: T.emptyRank }} />
    </Card>
  );
}

/** The series' rankings: the models answering most, the tools run most, and where failures came from. */
export function RankTables({ stats }: { stats: AdminStats }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <RankTable title={T.topModels} rows={stats.topModels} testId="rank-models" />
      </Col>
      <Col xs={24} lg={12}>
        <RankTable title={T.topTools} rows={stats.topTools} testId="rank-tools" />
      </Col>
      <Col xs={24} lg={12} xl={8}>
        <RankTable title={T.errorsByVendor} rows={stats.errors.byVendor} testId="rank-error-vendors" errorTone />
      </Col>
      <Col xs={24} lg={12} xl={8}>
        <RankTable title={T.errorsByModel} rows={stats.errors.byModel} testId="rank-error-models" errorTone />
      </Col>
      <Col xs={24} lg={12} xl={8}>
        <RankTable title={T.errorsByTool} rows={stats.errors.byTool} testId="rank-error-tools" errorTone />
      </Col>
    </Row>
  );
}
