import { useEffect, useState } from 'react';
import { Input, Modal, Spin } from 'antd';
import dayjs from 'dayjs';
import { COMFORT_MSG as T, LIMITS, type RecordItem } from '@wanxiang/contract';
import { listRecords } from '../../api/history';
import styles from './shortcuts.module.css';

/** Wait this long after the last key before asking the server. */
const DEBOUNCE_MS = 250;
const ROWS = 20;

export interface HistorySearchDialogProps {
  open: boolean;
  onClose: () => void;
  onOpen: (item: RecordItem) => void;
}

/**
 * Ctrl/⌘+K on the chat page: the signed-in user's conversations whose title holds the words typed (the server's
 * record list with its keyword filter; empty words list the latest). ↑↓ pick, Enter opens.
 */
export function HistorySearchDialog({ open, onClose, onOpen }: HistorySearchDialogProps) {
  return (
    <Modal open={open} onCancel={onClose} footer={null} closable={false} width={520} destroyOnHidden title={null}>
      {open && <SearchBody onOpen={onOpen} />}
    </Modal>
  );
}

function SearchBody({ onOpen }: { onOpen: (item: RecordItem) => void }) {
  const [keyword, setKeyword] = useState('');
  const [items, setItems] = useState<RecordItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(0);

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      listRecords({ page: 1, rows: ROWS, keyword: keyword.trim() || undefined })
        .then((res) => {
          if (cancelled) return;
          setItems(res.list);
          setFailed(false);
          setActive(0);
        })
        .catch(() => {
          if (!cancelled) setFailed(true);
        });
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [keyword]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!items?.length) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + items.length) % items.length);
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      const item = items[active];
      if (item) onOpen(item);
    }
  };

  return (
    <div data-testid="history-search">
      <Input
        autoFocus
        allowClear
        size="large"
        value={keyword}
        maxLength={100}
        placeholder={T.historySearchPlaceholder}
        onChange={(e) => setKeyword(e.target.value)}
        onKeyDown={onKeyDown}
        suffix={<span className={styles.resultTime}>{T.historySearchHint}</span>}
      />
      {failed ? (
        <div className={styles.empty}>{T.historySearchFailed}</div>
      ) : !items ? (
        <div className={styles.empty}>
          <Spin size="small" />
        </div>
      ) : items.length === 0 ? (
        <div className={styles.empty}>{T.historySearchEmpty}</div>
      ) : (
        <ul className={styles.results}>
          {items.map((item, i) => (
            <li key={item.id}>
              <button
                type="button"
                className={`${styles.result} ${i === active ? styles.resultActive : ''}`}
                data-testid="history-search-result"
                onClick={() => onOpen(item)}
                onMouseEnter={() => setActive(i)}
              >
                <span className={styles.resultTitle}>{item.title || LIMITS.defaultSessionName}</span>
                <span className={styles.resultTime}>{dayjs(item.updatedAt).format('MM-DD HH:mm')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
