import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, Empty, Skeleton } from 'antd';
import { FireOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { HOT_SOURCES, MSG, type HotSource } from '@wanxiang/contract';
import { hotList } from '../../api/search';
import { hotPage, HOT_CYCLE_MS, HOT_PAGE_SIZE } from './hot-page';
import styles from './search.module.css';

/** The three hot-search cards of the AI search landing (2.2, 9): 10 a page, 换一换 turns the page after 0.5 s. */
export function HotCards({ onPick }: { onPick: (q: string) => void }) {
  return (
    <div className={styles.hotGrid}>
      {HOT_SOURCES.map((s) => (
        <HotCard key={s} source={s} onPick={onPick} />
      ))}
    </div>
  );
}

function HotCard({ source, onPick }: { source: HotSource; onPick: (q: string) => void }) {
  const [list, setList] = useState<string[] | null>(null);
  const [page, setPage] = useState(0);
  const [cycling, setCycling] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const load = useCallback(() => {
    setList(null);
    hotList(source)
      .then(setList)
      .catch(() => setList([]));
  }, [source]);
  useEffect(() => {
    load();
    return () => window.clearTimeout(timer.current);
  }, [load]);

  const cycle = () => {
    if (cycling) return;
    setCycling(true);
    timer.current = window.setTimeout(() => {
      setPage((p) => p + 1);
      setCycling(false);
    }, HOT_CYCLE_MS);
  };
  const shown = hotPage(list ?? [], page, HOT_PAGE_SIZE);

  return (
    <Card
      size="small"
      className={styles.hotCard}
      data-testid={`hot-${source}`}
      title={
        <span>
          <FireOutlined className={styles.hotIcon} /> {MSG.searchHotTitles[source]}
        </span>
      }
      extra={
        <Button
          type="link"
          size="small"
          icon={<SyncOutlined spin={cycling} />}
          onClick={cycle}
          disabled={!list || list.length <= HOT_PAGE_SIZE}
        >
          {MSG.searchChangeBatch}
        </Button>
      }
    >
      {list === null ? (
        <Skeleton active paragraph={{ rows: 5 }} title={false} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.searchNoData}>
          <Button size="small" icon={<ReloadOutlined />} onClick={load}>
            {MSG.searchRetry}
          </Button>
        </Empty>
      ) : (
        <ol className={styles.hotList} start={shown.start + 1}>
          {shown.items.map((q, i) => (
            <li key={`${shown.start + i}-${q}`}>
              <button type="button" className={styles.hotItem} onClick={() => onPick(q)} title={q}>
                <span className={styles.hotRank} data-top={shown.start + i < 3 || undefined}>
                  {shown.start + i + 1}
                </span>
                <span className={styles.hotText}>{q}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
