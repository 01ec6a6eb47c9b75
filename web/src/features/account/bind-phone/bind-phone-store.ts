import { create } from 'zustand';

/** Whether the phone-binding dialog is open; the chat sender opens it on NEED_PHONE. */
interface BindPhoneState {
  open: boolean;
  show(): void;
  hide(): void;
}

export const useBindPhoneStore = create<BindPhoneState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));

export function openBindPhoneDialog(): void {
  useBindPhoneStore.getState().show();
}
