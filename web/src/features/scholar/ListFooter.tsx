import { Button, Result } from 'antd';
import { MSG } from '@wanxiang/contract';
import styles from './scholar.module.css';

/** Load more; when the source has no more pages it reads 没有更多数据了 and is disabled (4.1). */
export function LoadMore({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  return (
    <div className={styles.more}>
      <Button onClick={onMore} loading={loading} disabled={!hasMore}>
        {hasMore ? MSG.scholarLoadMore : MSG.scholarNoMore}
      </Button>
    </div>
  );
}

/** The failed or empty state with 重新搜索 (8). */
export function SearchFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Result
      status="info"
      title={MSG.scholarSearchFailed}
      extra={
        <Button type="primary" onClick={onRetry}>
          {MSG.scholarRetry}
        </Button>
      }
    />
  );
}
