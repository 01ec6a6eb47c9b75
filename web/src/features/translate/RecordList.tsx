import type { ReactNode } from 'react';
import { Button, Empty, Spin } from 'antd';
import { MSG } from '@wanxiang/contract';
import type { PagedList } from './use-paged-list';
import styles from './translate.module.css';

/**
 * One tab of 翻译记录 (text runs, or document and image tasks): the login hint, the first load's
 * spinner, the empty or failed hint, else the rows and 加载更多. Both tabs go through the same states.
 */
export function RecordList<T>({
  loggedIn,
  paged,
  testId,
  row,
}: {
  loggedIn: boolean;
  paged: PagedList<T>;
  testId: string;
  row: (item: T) => ReactNode;
}) {
  const empty = (text: string) => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
  if (!loggedIn) return empty(MSG.recordLogin);
  if (paged.loading && paged.list.length === 0) return <Spin />;
  if (paged.list.length === 0) return empty(paged.failed ? MSG.recordLoadFailed : MSG.recordEmpty);
  return (
    <div className={styles.records} data-testid={testId}>
      {paged.list.map(row)}
      {paged.hasMore && (
        <Button type="link" loading={paged.loading} onClick={() => void paged.more()}>
          {MSG.toolHistoryMore}
        </Button>
      )}
    </div>
  );
}
