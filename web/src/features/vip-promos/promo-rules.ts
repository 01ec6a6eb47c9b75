import { STORAGE_KEYS_SHELL } from '@wanxiang/contract';

/**
 * Timing rules of the money promos (docs/product/promos.md §4, §9): the VIP countdown promo opens 15 s after login
 * (never for vip 79), the recommended-VIP dialog 2 s after its trigger, the limited offer counts
 * down 10 minutes. vip_modal_time (localStorage) is when the promo was last shown; the promo is
 * shown at most once per business day and the recommended-VIP call sends that time.
 */
export const VIP_PROMO_DELAY_MS = 15_000;
export const RECOMMEND_VIP_DELAY_MS = 2_000;
export const NO_PROMO_VIP = 79;

const DAY_MS = 86_400_000;
const CST_OFFSET_MS = 8 * 3_600_000;

/** Business day number (UTC+8) of an instant. */
export function businessDay(ms: number): number {
  return Math.floor((ms + CST_OFFSET_MS) / DAY_MS);
}

export function readVipModalTime(): number {
  try {
    const n = Number(localStorage.getItem(STORAGE_KEYS_SHELL.vipModalTime) ?? 0);
    return Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}

export function writeVipModalTime(ms: number): void {
  try {
    localStorage.setItem(STORAGE_KEYS_SHELL.vipModalTime, String(ms));
  } catch {
    // Storage unavailable: the promo may show again on the next login.
  }
}

/** Whether a login now should fetch the promo: not vip 79, and not shown yet this business day. */
export function shouldFetchVipPromo(vip: number, lastShown: number, now: number): boolean {
  if (vip === NO_PROMO_VIP) return false;
  return !lastShown || businessDay(lastShown) !== businessDay(now);
}

/** Cents as a display price: 1990 -> '19.9', 2000 -> '20' (prices /100, docs/product/promos.md §3). */
export function priceText(cents: number): string {
  return String(Math.round(cents) / 100);
}

/** h:mm:ss (or mm:ss under an hour) for a countdown in seconds. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
