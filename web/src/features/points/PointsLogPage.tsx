import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Empty, Pagination, Segmented, Spin, Table, type TableColumnsType } from 'antd';
import { MSG, type PointsBill, type PointsBillRow } from '@wanxiang/contract';
import { pointsBill } from '../../api/points';
import { RequestError } from '../../api/request';
import { useIsMobile } from '../../hooks/useIsMobile';
import { formatDelta, formatTime } from './format';
import { PointsDailyChart } from './PointsDailyChart';
import styles from './points.module.css';

type BillType = 0 | 1 | 2;
const PAGE_SIZE = 10;

const columns: TableColumnsType<PointsBillRow> = [
  { title: MSG.pointsColTime, dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v) },
  { title: MSG.pointsColReason, dataIndex: 'reason_text', width: 140 },
  {
    title: MSG.pointsColDelta,
    dataIndex: 'delta',
    width: 100,
    render: (v: number) => <span className={v > 0 ? styles.income : styles.expense}>{formatDelta(v)}</span>,
  },
  { title: MSG.pointsColBalance, dataIndex: 'balance_after', width: 100 },
  { title: MSG.pointsColNote, dataIndex: 'note', ellipsis: true },
];

/**
 * /console/pointslog and /console/pointsinsto (docs/product/quota-and-points.md §2, §7): the balance, the paged points bill
 * with an income/expense filter, and 购买积分 to /console/vip. Phones get cards instead of a table.
 */
export default function PointsLogPage({ title }: { title?: string }) {
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const [type, setType] = useState<BillType>(0);
  const [page, setPage] = useState(1);
  const [bill, setBill] = useState<PointsBill | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    setError(null);
    pointsBill({ type, page, rows: PAGE_SIZE }, { silent: true, signal: ctrl.signal })
      .then(setBill)
      .catch((err: unknown) => {
        if (!ctrl.signal.aborted) setError(err instanceof RequestError ? err.msg : MSG.usageFailed);
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setLoading(false);
      });
    return () => ctrl.abort();
  }, [type, page]);

  const onType = (v: BillType) => {
    setType(v);
    setPage(1);
  };

  return (
    <div className={styles.page} data-testid="points-log">
      <h1 className={styles.title}>{title ?? MSG.pointsLogTitle}</h1>
      <section className={styles.balanceCard}>
        <div>
          <div className={styles.balanceLabel}>{MSG.pointsBalance}</div>
          <div className={styles.balance} data-testid="points-balance">
            {bill ? bill.points : '--'}
          </div>
        </div>
        <Button type="primary" size="large" className={styles.buy} onClick={() => void navigate('/console/vip')}>
          {MSG.pointsBuy}
        </Button>
      </section>

      <section className={styles.chartCard}>
        <PointsDailyChart />
      </section>

      <Segmented<BillType>
        className={styles.filter}
        value={type}
        onChange={onType}
        options={[
          { label: MSG.pointsFilterAll, value: 0 },
          { label: MSG.pointsFilterIncome, value: 1 },
          { label: MSG.pointsFilterExpense, value: 2 },
        ]}
      />

      {error ? <div className={styles.error}>{error}</div> : null}

      {mobile ? (
        <Spin spinning={loading}>
          {bill && bill.list.length > 0 ? (
            <ul className={styles.cards} data-testid="points-cards">
              {bill.list.map((r) => (
                <li key={r.id} className={styles.card} data-testid="points-row">
                  <div className={styles.cardTop}>
                    <span className={styles.reason}>{r.reason_text}</span>
                    <span className={r.delta > 0 ? styles.income : styles.expense}>{formatDelta(r.delta)}</span>
                  </div>
                  {r.note ? <div className={styles.note}>{r.note}</div> : null}
                  <div className={styles.cardBottom}>
                    <span>{formatTime(r.created_at)}</span>
                    <span>
                      {MSG.pointsColBalance} {r.balance_after}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            !loading && <Empty description={MSG.pointsEmpty} />
          )}
          {bill && bill.total > PAGE_SIZE ? (
            <Pagination
              className={styles.pager}
              simple
              current={page}
              pageSize={PAGE_SIZE}
              total={bill.total}
              onChange={setPage}
            />
          ) : null}
        </Spin>
      ) : (
        <Table<PointsBillRow>
          rowKey="id"
          columns={columns}
          dataSource={bill?.list ?? []}
          loading={loading}
          locale={{ emptyText: <Empty description={MSG.pointsEmpty} /> }}
          onRow={() => ({ 'data-testid': 'points-row' }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: bill?.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
        />
      )}
    </div>
  );
}
