import Cookies from 'js-cookie';
import { COOKIE_NAMES, PROMO_LIMITS } from '@wanxiang/contract';

/**
 * "Once per N days" cookies of docs/product/promos.md §9 (guide_modal 1 day, customer_kefu / deepSeek_modal /
 * agent_modal 7 days). The cookie's presence is the whole state: it expires by itself.
 * chat_vip_modal stays with the chat gates (chat/gates/vip-nudge-cookie.ts).
 */
export type PromoCookie = 'guideModal' | 'customerKefu' | 'deepSeekModal' | 'agentModal';

export const PROMO_COOKIE_DAYS: Record<PromoCookie, number> = {
  guideModal: PROMO_LIMITS.guideCookieDays,
  customerKefu: PROMO_LIMITS.customerKefuCookieDays,
  deepSeekModal: PROMO_LIMITS.deepSeekCookieDays,
  agentModal: PROMO_LIMITS.agentCookieDays,
};

export function hasPromoCookie(name: PromoCookie): boolean {
  return Cookies.get(COOKIE_NAMES[name]) !== undefined;
}

/** Set the cookie for its lifetime (js-cookie turns days into an expiry date). */
export function setPromoCookie(name: PromoCookie, now: Date = new Date()): void {
  const expires = new Date(now.getTime() + PROMO_COOKIE_DAYS[name] * 86_400_000);
  Cookies.set(COOKIE_NAMES[name], '1', { expires, path: '/', sameSite: 'Lax' });
}
