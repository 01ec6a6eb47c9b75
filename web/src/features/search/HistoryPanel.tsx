import { Button, Empty, List, Popconfirm, Typography } from 'antd';
import { DeleteOutlined, HistoryOutlined, MenuFoldOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { feedback } from '../../components/feedback/holder';
import type { HistoryEntry } from './history';
import type { useSearchHistory } from './useSearchHistory';
import styles from './search.module.css';

/** The left history panel (2.2, 9): 15% wide on desktop, 50% on mobile; open or closed. */
export function HistoryPanel({
  history,
  onPick,
  onClose,
}: {
  history: ReturnType<typeof useSearchHistory>;
  onPick: (e: HistoryEntry) => void;
  onClose: () => void;
}) {
  const remove = async (e: HistoryEntry) => {
    try {
      await history.remove(e);
      feedback().success(MSG.searchHistoryDeleted);
    } catch {
      // the request layer has shown the failure
    }
  };
  return (
    <aside className={styles.historyPanel} aria-label={MSG.searchHistoryTitle} data-testid="search-history">
      <div className={styles.historyHead}>
        <span>
          <HistoryOutlined /> {MSG.searchHistoryTitle}
        </span>
        <Button type="text" size="small" icon={<MenuFoldOutlined />} onClick={onClose} aria-label={MSG.searchHistoryClose} />
      </div>
      {history.entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.searchHistoryEmpty} />
      ) : (
        <List
          size="small"
          className={styles.historyList}
          dataSource={history.entries}
          renderItem={(e) => (
            <List.Item
              key={e.key}
              className={styles.historyItem}
              actions={[
                <Popconfirm key="del" title={MSG.searchHistoryDelete} onConfirm={() => void remove(e)}>
                  <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={`${MSG.searchHistoryDelete} ${e.text}`} />
                </Popconfirm>,
              ]}
            >
              <Typography.Text ellipsis={{ tooltip: e.text }} className={styles.historyText} onClick={() => onPick(e)}>
                {e.text}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
      {history.hasMore && (
        <Button block size="small" loading={history.loading} onClick={() => void history.loadMore()}>
          {MSG.searchLoadMore}
        </Button>
      )}
    </aside>
  );
}
