import { COOKIE_NAMES } from '@wanxiang/contract';

/** The countdown nudge shows at most once a day: cookie chat_vip_modal, 1 day (docs/product/quota-and-points.md §4, §9). */
const ONE_DAY_SEC = 86_400;

export function nudgeShownToday(cookie: string = document.cookie): boolean {
  return cookie.split(';').some((part) => part.trim().startsWith(`${COOKIE_NAMES.chatVipModal}=`));
}

export function markNudgeShown(): void {
  document.cookie = `${COOKIE_NAMES.chatVipModal}=1; max-age=${ONE_DAY_SEC}; path=/; SameSite=Lax`;
}
