import { MSG, type QuotaPopup, type RecommendVip, type VipPromo } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { activitySettings } from './settings';

/** Money promos (docs/product/promos.md §2, §4): what each dialog shows for this caller. */
type Ctx = Pick<AppContext, 'config'>;

/** Vip 79 is a special tier the spec keeps out of the VIP promo (docs/product/promos.md §4, §6). */
export const NO_PROMO_VIP = 79;

const DAY_MS = 86_400_000;
/** Business time is China Standard Time (UTC+8, no daylight saving). */
const CST_OFFSET_MS = 8 * 3_600_000;

/** The end of the business day containing `now`: the VIP promo is a "today only" offer. */
export function endOfBusinessDay(now: number): Date {
  const local = now + CST_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS + DAY_MS - CST_OFFSET_MS);
}

/**
 * last_date: the VIP countdown promo. `end` is true when the operator turned it off, nobody is
 * logged in, or the caller is vip 79 (the client does not ask then, the server agrees).
 */
export function vipPromo(ctx: Ctx, user: AuthUser | null, now = Date.now()): VipPromo {
  const p = activitySettings(ctx.config.catalogDir).vipPromo;
  const end = !p.enabled || !user || user.vip === NO_PROMO_VIP;
  return {
    end,
    title: p.title,
    banner: p.banner,
    content: p.content,
    button: p.button,
    shop_id: p.shop_id,
    end_at: endOfBusinessDay(now).toISOString(),
  };
}

/** last.day/rec: the recommended-VIP comparison table. */
export function recommendVip(ctx: Ctx): RecommendVip {
  const r = activitySettings(ctx.config.catalogDir).recommendVip;
  return {
    end: !r.enabled,
    shop_name: r.shop_name,
    shop_price: r.shop_price,
    shop_price_2: r.shop_price_2,
    tables: r.tables,
    tips: r.tips,
  };
}

/** quota.popup: the out-of-quota offer; the text depends on whether the caller is a member. */
export function quotaPopup(ctx: Ctx, user: AuthUser, type = 'chat'): QuotaPopup {
  const q = activitySettings(ctx.config.catalogDir).quotaPopup;
  return {
    title: q.title,
    subtitle: q.subtitle,
    popup: { type, title: q.popupTitle, subtitle: q.popupSubtitle, content: user.vip > 0 ? MSG.upgradeMember : MSG.upgradeFree },
    rec: { ...q.rec },
  };
}
