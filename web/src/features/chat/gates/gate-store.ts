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
}

export const useGateStore = create<GateState>()((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}));
