import { useCallback, useEffect, useState } from 'react';
import { App, Button, Drawer, Empty, Input, List, Pagination } from 'antd';
import { MSG, type SharedModelCard, type SharedModelCommentPage } from '@wanxiang/contract';
import { commentSharedModel, getSharedModelComments } from '../../api/shared-models';
import { RequestError } from '../../api/request';

/** Comments of one card: newest first, paged; text shown as plain text (React escapes it). */
export function SharedModelComments({ card, mobile, onClose, onCommented }: { card: SharedModelCard; mobile: boolean; onClose: () => void; onCommented: () => void }) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<SharedModelCommentPage | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  const load = useCallback(() => {
    getSharedModelComments(card.id, page)
      .then(setData)
      .catch(() => setData({ list: [], total: 0, page, size: 20 }));
  }, [card.id, page]);
  useEffect(load, [load]);

  const send = async () => {
    if (!text.trim()) return void message.warning(MSG.sharedModelCommentRequired);
    setSending(true);
    try {
      await commentSharedModel(card.id, text);
      void message.success(MSG.sharedModelCommented);
      setText('');
      setPage(1);
      load();
      onCommented();
    } catch (err) {
      void message.error(err instanceof RequestError ? err.msg : MSG.requestFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <Drawer open title={`${MSG.sharedModelComments} · ${card.name}`} size={mobile ? '100%' : 420} onClose={onClose}>
      <div data-testid="shared-model-comments">
        <Input.TextArea rows={3} maxLength={500} showCount value={text} placeholder={MSG.sharedModelCommentPlaceholder} onChange={(e) => setText(e.target.value)} />
        <Button type="primary" style={{ marginTop: 8 }} loading={sending} onClick={() => void send()}>
          {MSG.sharedModelCommentSend}
        </Button>
        {data && data.total === 0 ? (
          <Empty description={MSG.sharedModelNoComments} />
        ) : (
          <List
            dataSource={data?.list ?? []}
            renderItem={(c) => (
              <List.Item key={c.id}>
                <List.Item.Meta title={c.author} description={new Date(c.created_at).toLocaleString()} />
                <div style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{c.content}</div>
              </List.Item>
            )}
          />
        )}
        {data && data.total > data.size && <Pagination size="small" current={page} pageSize={data.size} total={data.total} onChange={setPage} />}
      </div>
    </Drawer>
  );
}
