import type { ReactNode } from 'react';
import { Button } from 'antd';
import { ArrowLeftOutlined, HistoryOutlined } from '@ant-design/icons';
import { MSG } from '@wanxiang/contract';
import { HistoryPanel } from './HistoryPanel';
import type { HistoryEntry } from './history';
import type { useSearchHistory } from './useSearchHistory';
import styles from './search.module.css';

/**
 * The frame of every search page (2.2): the left history panel (open or closed), a top bar with
 * the history toggle and, on results, the back button to the landing; an optional right panel
 * (the mind map).
 */
export function SearchLayout(p: {
  history: ReturnType<typeof useSearchHistory>;
  historyOpen: boolean;
  setHistoryOpen: (open: boolean) => void;
  onPickHistory: (e: HistoryEntry) => void;
  onBack?: () => void;
  backText?: string;
  right?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.layout}>
      {p.historyOpen && (
        <>
          <HistoryPanel history={p.history} onPick={p.onPickHistory} onClose={() => p.setHistoryOpen(false)} />
          <div className={styles.historyMask} onClick={() => p.setHistoryOpen(false)} aria-hidden />
        </>
      )}
      <main className={styles.main}>
        <div className={styles.topBar}>
          {!p.historyOpen && (
            <Button icon={<HistoryOutlined />} onClick={() => p.setHistoryOpen(true)}>
              {MSG.searchHistoryToggle}
            </Button>
          )}
          {p.onBack && (
            <Button icon={<ArrowLeftOutlined />} onClick={p.onBack}>
              {p.backText ?? MSG.searchBack}
            </Button>
          )}
        </div>
        {p.children}
      </main>
      {p.right && <aside className={styles.rightPanel}>{p.right}</aside>}
    </div>
  );
}
