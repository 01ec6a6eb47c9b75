import { useEffect } from 'react';
import { create } from 'zustand';

/** Which gate dialog is open on the chat page; the sender opens them, ChatGates renders them. */
export type GateDialog =
  /** Membership-count popup (title 次数不足). */
  | { kind: 'count'; vip: number; text: string }
  /** A tier may not use the model (vip 0 / vip 52 lists). */
  | { kind: 'tier'; text: string }
  | { kind: 'points'; text: string }
  /** The once-a-day countdown-membership nudge. */
  | { kind: 'nudge'; left: number; maxNumber: number };

interface GateState {
  dialog: GateDialog | null;
  open(dialog: GateDialog): void;
  close(): void;
  /**
   * Page hosts of the dialogs mounted now (the chat's ChatGates, a tool page's ToolGates). With none,
   * the app-wide fallback host renders them, so a refusal on any page (slides, mind maps, search...)
   * always shows its dialog and never two.
   */
  hosts: number;
  addHost(): void;
  removeHost(): void;
}

export const useGateStore = create<GateState>()((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
  hosts: 0,
  addHost: () => set((s) => ({ hosts: s.hosts + 1 })),
  removeHost: () => set((s) => ({ hosts: Math.max(0, s.hosts - 1) })),
}));

/** A page host of the gate dialogs counts itself while mounted (see GateState.hosts). */
export function useGateHost(enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    useGateStore.getState().addHost();
    return () => useGateStore.getState().removeHost();
  }, [enabled]);
}
