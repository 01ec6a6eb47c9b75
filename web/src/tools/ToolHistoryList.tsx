import { Button, Empty, List, Popconfirm } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { MSG, type ToolField } from '@wanxiang/contract';
import type { ToolRunItem } from '../api/tools';
import { summarizeInputs } from './form-values';
import type { ToolHistory } from './useToolHistory';
import styles from './tools.module.css';

export interface ToolHistoryListProps {
  history: ToolHistory;
  fields: readonly ToolField[];
  loggedIn: boolean;
  activeId: string | null;
  onOpen: (run: ToolRunItem) => void;
  onDelete: (run: ToolRunItem) => void;
}

const timeText = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('zh-CN', { hour12: false });
};

/** The user's saved runs of this tool: click shows the saved answer, delete asks first. */
export function ToolHistoryList({ history, fields, loggedIn, activeId, onOpen, onDelete }: ToolHistoryListProps) {
  if (!loggedIn) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.toolHistoryLoginHint} />;
  if (!history.loading && history.list.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.toolHistoryEmpty} />;
  return (
    <div data-testid="tool-history">
      <List
        loading={history.loading && history.list.length === 0}
        dataSource={history.list}
        rowKey="id"
        renderItem={(run) => (
          <List.Item
            className={`${styles.historyItem}${run.id === activeId ? ` ${styles.historyItemActive}` : ''}`}
            data-testid="tool-history-item"
            onClick={() => onOpen(run)}
            actions={[
              <Popconfirm key="del" title={MSG.toolHistoryDeleteConfirm} onConfirm={() => onDelete(run)} onPopupClick={(e) => e.stopPropagation()}>
                <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={MSG.toolHistoryDelete} onClick={(e) => e.stopPropagation()} />
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={<span className={styles.historyTitle}>{summarizeInputs(fields, run.inputs) || run.content.slice(0, 40)}</span>}
              description={timeText(run.createdAt)}
            />
          </List.Item>
        )}
      />
      {history.hasMore && (
        <Button block type="link" loading={history.loading} onClick={() => void history.loadMore()}>
          {MSG.toolHistoryMore}
        </Button>
      )}
    </div>
  );
}
