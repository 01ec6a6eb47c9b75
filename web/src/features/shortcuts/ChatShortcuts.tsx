import { useState } from 'react';
import type { RecordItem } from '@wanxiang/contract';
import { HistorySearchDialog } from './HistorySearchDialog';
import { useShortcuts } from './useShortcuts';

export interface ChatShortcutsProps {
  sending: boolean;
  onNew: () => void;
  onStop: () => void;
  onFocusInput: () => void;
  /** Signed in: history search is offered (history lives on the server). */
  onOpenRecord?: (item: RecordItem) => void;
}

/** An open dialog or drawer owns Esc (it closes itself); the answer goes on. */
function dialogOpen(): boolean {
  return document.querySelector('.ant-modal-wrap:not([style*="display: none"]), .ant-drawer-open') !== null;
}

/** The chat page's shortcuts (features/shortcuts/shortcuts.ts): new chat, stop, focus the input, search history. */
export function ChatShortcuts({ sending, onNew, onStop, onFocusInput, onOpenRecord }: ChatShortcutsProps) {
  const [searching, setSearching] = useState(false);
  useShortcuts({
    newChat: onNew,
    stop: () => {
      if (!sending || dialogOpen()) return false;
      onStop();
    },
    focusInput: onFocusInput,
    searchHistory: onOpenRecord ? () => setSearching(true) : undefined,
  });
  if (!onOpenRecord) return null;
  return (
    <HistorySearchDialog
      open={searching}
      onClose={() => setSearching(false)}
      onOpen={(item) => {
        setSearching(false);
        onOpenRecord(item);
      }}
    />
  );
}
