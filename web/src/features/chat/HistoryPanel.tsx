import { memo, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Empty, Input, Modal, Spin } from 'antd';
import { Conversations, type ConversationsProps } from '@ant-design/x';
import { ClearOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { LIMITS, MSG, type RecordItem } from '@wanxiang/contract';
import { selectHasMore, useHistoryStore } from '../../stores/chat-history';
import { useChatTool } from './toolbar/chat-tool-context';
import { HISTORY_GROUP_LABEL, historyGroupOf, type HistoryGroup } from './history-groups';
import styles from './chat.module.css';
import own from './HistoryPanel.module.css';

export interface HistoryPanelProps {
  activeId: string | undefined;
  onOpen: (item: RecordItem) => void;
  onNew: () => void;
  /** A record was deleted (the page drops its local copy). */
  onDeleted: (id: string) => void;
}

const ORDER: HistoryGroup[] = ['today', 'yesterday', 'week', 'earlier'];

/**
 * The logged-in user's server history, newest first, grouped 今天/昨天/近7天/更早, 20 per page
 * with load more; new, rename, delete (confirmed) and clear all (confirmed).
 */
export const HistoryPanel = memo(function HistoryPanel({ activeId, onOpen, onNew, onDeleted }: HistoryPanelProps) {
  const { modal, message } = App.useApp();
  const { model } = useChatTool();
  const items = useHistoryStore((s) => s.items);
  const status = useHistoryStore((s) => s.status);
  const hasMore = useHistoryStore(selectHasMore);
  const loadingMore = useHistoryStore((s) => s.loadingMore);
  const page = useHistoryStore((s) => s.page);
  const [renaming, setRenaming] = useState<RecordItem | null>(null);

  useEffect(() => {
    void useHistoryStore.getState().load();
  }, []);

  const byId = useMemo(() => new Map(items.map((i) => [i.id, i])), [items]);
  const convItems = useMemo(() => {
    const now = Date.now();
    const rows = items.map((i) => ({
      key: i.id,
      label: i.title || LIMITS.defaultSessionName,
      group: historyGroupOf(Date.parse(i.updatedAt), now),
    }));
    // Conversations groups in first-seen order: emit rows group by group.
    return ORDER.flatMap((g) => rows.filter((r) => r.group === g)).map((r) => ({ ...r, group: HISTORY_GROUP_LABEL[r.group] }));
  }, [items]);

  const confirmDelete = (id: string) =>
    modal.confirm({
      title: MSG.chatDelete,
      content: MSG.chatDeleteConfirm,
      centered: true,
      okButtonProps: { danger: true },
      onOk: async () => {
        await useHistoryStore.getState().remove(id);
        onDeleted(id);
        void message.success(MSG.deleteSuccess);
      },
    });

  const confirmClear = () =>
    modal.confirm({
      title: MSG.historyClearAll,
      content: MSG.historyClearConfirm,
      centered: true,
      okButtonProps: { danger: true },
      onOk: async () => {
        const ids = useHistoryStore.getState().items.map((i) => i.id);
        await useHistoryStore.getState().clear();
        ids.forEach(onDeleted);
        void message.success(MSG.clearSuccess);
      },
    });

  const menu: ConversationsProps['menu'] = (conv) => ({
    items: [
      { key: 'rename', label: MSG.historyRename, icon: <EditOutlined /> },
      { key: 'delete', label: MSG.chatDelete, icon: <DeleteOutlined />, danger: true },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'delete') confirmDelete(conv.key);
      else if (key === 'rename') setRenaming(byId.get(conv.key) ?? null);
    },
  });

  const newSession = () => {
    // The page announces the new session (新增{model}新的会话成功！) for every new-chat button.
    onNew();
  };

  return (
    <div className={styles.history} data-testid="history-panel">
      <div className={own.head}>
        <span className={styles.historyTitle}>{MSG.chatHistoryTitle}</span>
        {items.length > 0 && (
          <Button type="text" size="small" icon={<ClearOutlined />} onClick={confirmClear} data-testid="history-clear">
            {MSG.historyClearAll}
          </Button>
        )}
      </div>
      <Button block icon={<PlusOutlined />} onClick={newSession} className={styles.newChat}>
        {MSG.chatNewSession}
      </Button>
      {model && !model.keepHistory && (
        <Alert type="warning" showIcon title={MSG.historyNotKept} className={own.notKept} data-testid="history-not-kept" />
      )}
      <div className={styles.historyList}>
        {status === 'loading' && items.length === 0 ? (
          <Spin className={styles.historySpin} />
        ) : items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.chatHistoryEmpty} />
        ) : (
          <>
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
            <div className={own.more}>
              {hasMore ? (
                <Button
                  size="small"
                  loading={loadingMore}
                  onClick={() => void useHistoryStore.getState().loadMore()}
                  data-testid="history-more"
                >
                  {MSG.historyLoadMore}
                </Button>
              ) : (
                page > 1 && <span className={own.noMore}>{MSG.historyNoMore}</span>
              )}
            </div>
          </>
        )}
      </div>
      <RenameDialog item={renaming} onClose={() => setRenaming(null)} />
    </div>
  );
});

/** Rename one conversation; the server trims and checks the name (请输入会话名称). */
function RenameDialog({ item, onClose }: { item: RecordItem | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [title, setTitle] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => setTitle(item?.title ?? ''), [item]);

  const save = async () => {
    if (!item) return;
    if (!title.trim()) {
      void message.warning(MSG.historyRenamePlaceholder);
      return;
    }
    setSaving(true);
    try {
      await useHistoryStore.getState().rename(item.id, title.trim());
      void message.success(MSG.historyRenameSuccess);
      onClose();
    } catch {
      // the request layer already showed the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!item}
      title={MSG.historyRename}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      centered
      destroyOnHidden
    >
      <Input
        value={title}
        maxLength={100}
        placeholder={MSG.historyRenamePlaceholder}
        onChange={(e) => setTitle(e.target.value)}
        onPressEnter={() => void save()}
        autoFocus
        data-testid="history-rename-input"
      />
    </Modal>
  );
}
