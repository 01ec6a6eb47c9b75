import { create } from 'zustand';

/**
 * Which global dialog is open (docs/product/shell-and-navigation.md §2). The header, the avatar popover, chat gates and
 * promos open dialogs by name here; each dialog component reads its own flag and closes itself.
 * Dialogs are mounted once in layouts/GlobalOverlays.tsx.
 */
export interface PayTarget {
  shop_id: number;
  /** Open the QR straight away (a known item) or let the user pick on /console/vip. */
  coupon_id?: string;
  rise?: string;
}

export interface DialogState {
  /** Daily sign-in (docs/product/signin.md §2). */
  signin: boolean;
  /** Today's usage dashboard (data board). */
  usage: boolean;
  /** Payment QR for one shop item. */
  pay: PayTarget | null;
  /** Recommended-VIP comparison table. */
  recommendVip: boolean;
  /** Download dialog (desktop Windows/macOS, Android, mini-program). */
  download: boolean;
  open(name: 'signin' | 'usage' | 'recommendVip' | 'download'): void;
  close(name: 'signin' | 'usage' | 'recommendVip' | 'download' | 'pay'): void;
  openPay(target: PayTarget): void;
}

export const useDialogs = create<DialogState>()((set) => ({
  signin: false,
  usage: false,
  pay: null,
  recommendVip: false,
  download: false,
  open: (name) => set({ [name]: true } as Partial<DialogState>),
  close: (name) => set({ [name]: name === 'pay' ? null : false } as Partial<DialogState>),
  openPay: (target) => set({ pay: target }),
}));
