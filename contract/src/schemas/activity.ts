import { z } from 'zod';

/**
 * Money promos (docs/product/promos.md §2, §3, §4, §7): the VIP countdown promo (last_date), the recommended-VIP
 * comparison table (last.day/rec) and the out-of-quota popup data (quota.popup).
 * appid, uid and vt are what the spec's client sends; the server answers from the session.
 */
export const ActivityLastDateSchema = z.object({
  appid: z.union([z.string(), z.number()]).optional(),
  uid: z.union([z.string(), z.number()]).optional(),
  vt: z.union([z.string(), z.number()]).optional(),
});

/** `time`: the stored vip_modal_time (ms) of the client, echoed so the server may vary the offer. */
export const ActivityRecSchema = ActivityLastDateSchema.extend({
  time: z.union([z.string().max(32), z.number()]).optional(),
});

export const QuotaPopupSchema = z.object({
  /** The quota key that ran out (chat, chat_v40...). */
  type: z.string().trim().max(32).optional(),
});

/** VIP promo. `end` true: no promo now. `end_at`: when the offer ends (ISO), for the live countdown. */
export interface VipPromo {
  end: boolean;
  title: string;
  banner: string;
  /** HTML; the client renders it sanitized. */
  content: string;
  button: string;
  shop_id: number;
  end_at: string;
}

export interface RecommendVipRow {
  name: string;
  model: string;
  tools: string;
  audio: string;
  docx: string;
  media: string;
  writing: string;
  duration: string;
  /** Cents; shown /100. */
  price: number;
  unit: string;
}

export interface RecommendVip {
  end: boolean;
  shop_name: string;
  /** Cents: the offer price and the struck-through original. */
  shop_price: number;
  shop_price_2: number;
  tables: RecommendVipRow[];
  tips: string;
}

/** Quota popup data (docs/product/promos.md §3). Prices in cents. */
export interface QuotaPopup {
  title: string;
  subtitle: string;
  popup: { type: string; title: string; subtitle: string; content: string };
  rec: { id: number; price: number; name: string; discount_price: number; coupon_id: string; rise: string };
}
