import { memo, useEffect, useMemo } from 'react';
import { App, Button, Empty, Spin } from 'antd';
import { Conversations, type ConversationsProps } from '@ant-design/x';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG, type RecordItem } from '@wanxiang/contract';
import { useHistoryStore } from '../../stores/chat-history';
import { HISTORY_GROUP_LABEL, historyGroupOf, type HistoryGroup } from './history-groups';
import styles from './chat.module.css';

export interface HistoryPanelProps {
  activeId: string | undefined;
  onOpen: (item: RecordItem) => void;
  onNew: () => void;
  /** A record was deleted (the page drops its local copy). */
  onDeleted: (id: string) => void;
}

const ORDER: HistoryGroup[] = ['today', 'yesterday', 'week', 'earlier'];

/** The logged-in user's server history, newest first, grouped 今天/昨天/近7天/更早. */
export const HistoryPanel = memo(function HistoryPanel({ activeId, onOpen, onNew, onDeleted }: HistoryPanelProps) {
  const { modal, message } = App.useApp();
  const items = useHistoryStore((s) => s.items);
  const status = useHistoryStore((s) => s.status);

  useEffect(() => {
    void useHistoryStore.getState().load();
  }, []);

  const byId = useMemo(() => new Map(items.map((i) => [i.id, i])), [items]);
  const convItems = useMemo(() => {
    const now = Date.now();
    const rows = items.map((i) => ({
      key: i.id,
      label: i.title || MSG.chatNewSession,
      group: historyGroupOf(Date.parse(i.updatedAt), now),
    }));
    // Conversations groups in first-seen order: emit rows group by group.
    return ORDER.flatMap((g) => rows.filter((r) => r.group === g)).map((r) => ({ ...r, group: HISTORY_GROUP_LABEL[r.group] }));
  }, [items]);

  const menu: ConversationsProps['menu'] = (conv) => ({
    items: [{ key: 'delete', label: MSG.chatDelete, icon: <DeleteOutlined />, danger: true }],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key !== 'delete') return;
      modal.confirm({
        title: MSG.chatDelete,
        content: MSG.chatDeleteConfirm,
        centered: true,
        okButtonProps: { danger: true },
        onOk: async () => {
          await useHistoryStore.getState().remove(conv.key);
          onDeleted(conv.key);
          void message.success(MSG.deleteSuccess);
        },
      });
    },
  });

  return (
    <div className={styles.history} data-testid="history-panel">
      <div className={styles.historyHead}>
        <span className={styles.historyTitle}>{MSG.chatHistoryTitle}</span>
      </div>
      <Button block icon={<PlusOutlined />} onClick={onNew} className={styles.newChat}>
        {MSG.chatNewSession}
      </Button>
      <div className={styles.historyList}>
        {status === 'loading' && items.length === 0 ? (
          <Spin className={styles.historySpin} />
        ) : items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.chatHistoryEmpty} />
        ) : (
          <Conversations
            items={convItems}
            activeKey={activeId}
            groupable
            menu={menu}
            onActiveChange={(key) => {
              const item = byId.get(key);
              if (item) onOpen(item);
            }}
          />
        )}
      </div>
    </div>
  );
});
