import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@wanxiang/contract';

/**
 * Local settings of this browser (config_storage, docs/product/chat.md §4, §9). The send key mode is a
 * habit of the person at this keyboard, not of the account, so it stays local.
 */

/** 1: Enter sends, Shift+Enter newline. 2: Ctrl+Enter sends, Enter newline. */
export type SendKeyMode = 1 | 2;
export const DEFAULT_SEND_KEY_MODE: SendKeyMode = 1;

export interface ConfigState {
  sendKeyMode: SendKeyMode;
  setSendKeyMode(mode: SendKeyMode): void;
}

export const useConfigStore = create<ConfigState>()(
  persist(
    (set) => ({
      sendKeyMode: DEFAULT_SEND_KEY_MODE,
      setSendKeyMode: (sendKeyMode) => set({ sendKeyMode }),
    }),
    {
      name: STORAGE_KEYS.config,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ sendKeyMode: s.sendKeyMode }),
      // A hand-edited or older value falls back to the default rather than breaking the input.
      merge: (persisted, current) => {
        const mode = (persisted as Partial<ConfigState> | undefined)?.sendKeyMode;
        return { ...current, sendKeyMode: mode === 1 || mode === 2 ? mode : DEFAULT_SEND_KEY_MODE };
      },
    },
  ),
);

export const selectSendKeyMode = (s: ConfigState): SendKeyMode => s.sendKeyMode;
