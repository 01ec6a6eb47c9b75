import { Button, Skeleton, Table } from 'antd';
import type { EquityTable } from '@wanxiang/contract';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { equityTable } from '../../api/profile';
import { InfoLayout } from './InfoLayout';
import { countText, groupEquity } from './equity-groups';
import styles from './info.module.css';

/** /equity?type=chat|understand|search: every membership level's daily counts, by category, from tiers.json. */
export default function EquityPage() {
  const [params, setParams] = useSearchParams();
  const [table, setTable] = useState<EquityTable | null>(null);
  useEffect(() => {
    void equityTable({ silent: true })
      .then(setTable)
      .catch(() => undefined);
  }, []);
  const groups = table ? groupEquity(table) : [];
  const active = groups.find((g) => g.type === params.get('type')) ?? groups[0];
  return (
    <InfoLayout title="全部权益" lead="不同会员等级每日可用次数一览（每日 00:00 重置），数据与实际扣次规则一致。">
      {!table || !active ? (
        <Skeleton active />
      ) : (
        <>
          <div className={styles.tabs} role="tablist">
            {groups.map((g) => (
              <button
                key={g.type}
                type="button"
                role="tab"
                aria-selected={g.type === active.type}
                className={`${styles.tab} ${g.type === active.type ? styles.tabActive : ''}`}
                onClick={() => setParams({ type: g.type }, { replace: true })}
              >
                {g.label}
              </button>
            ))}
          </div>
          <div className={`${styles.card} ${styles.tableWrap}`}>
            <Table
              size="middle"
              pagination={false}
              rowKey="vip"
              dataSource={table.levels}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: '等级', dataIndex: 'name', fixed: 'left' as const },
                ...active.keys.map((k) => ({
                  title: k.label,
                  key: k.key,
                  render: (_: unknown, level: EquityTable['levels'][number]) => countText(level.daily[k.key]),
                })),
              ]}
            />
          </div>
          <div style={{ textAlign: 'center' }}>
            <Link to="/console/vip">
              <Button type="primary" size="large">
                开通会员
              </Button>
            </Link>
          </div>
        </>
      )}
    </InfoLayout>
  );
}
