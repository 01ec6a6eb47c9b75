import { z } from 'zod';

/**
 * Membership shop and payment (docs/product/membership-and-payment.md §2, §7): shop lists, orders, payment query,
 * membership cards. Prices are integer cents; the web divides by 100 for display.
 */

/** What paying for an item gives: a membership level for days (or for ever), bonus counts, points. */
export const ShopGrantSchema = z.object({
  /** Membership level (tiers.json); 0 = none (points packs). */
  vip: z.number().int().min(0).default(0),
  /** vip_type text stored on the user (月卡, 季卡...). */
  vipType: z.string().max(32).default(''),
  days: z.number().int().min(0).max(36_500).default(0),
  permanent: z.boolean().default(false),
  /** Bonus counts per quota key (tiers.json quotaKeys). */
  counts: z.record(z.string(), z.number().int().min(1)).default({}),
  points: z.number().int().min(0).default(0),
});
export type ShopGrant = z.infer<typeof ShopGrantSchema>;

export const ShopItemSchema = z.object({
  /** shop_id */
  id: z.number().int().positive(),
  kind: z.enum(['vip', 'points', 'video']),
  shop_name: z.string().min(1).max(64),
  /** Price now, cents. */
  shop_price: z.number().int().min(1),
  /** Price before (struck through), cents; 0 = none. */
  shop_price_2: z.number().int().min(0).default(0),
  tag: z.string().max(16).default(''),
  desc: z.string().max(200).default(''),
  grant: ShopGrantSchema,
});
export type ShopItem = z.infer<typeof ShopItemSchema>;

/** One row of the tier comparison table (the recommended-VIP dialog uses the same columns). */
export const TierRowSchema = z.object({
  name: z.string(),
  model: z.string(),
  tools: z.string(),
  audio: z.string(),
  docx: z.string(),
  media: z.string(),
  writing: z.string(),
  duration: z.string(),
  /** Cents. */
  price: z.number().int().min(0),
  unit: z.string(),
});
export type TierRow = z.infer<typeof TierRowSchema>;

/** server/catalog/shop.json. */
export const ShopCatalogSchema = z.object({
  items: z.array(ShopItemSchema).min(1),
  tables: z.array(TierRowSchema),
  tips: z.array(z.string()),
  /** Per invite code: shop_id -> price in cents overriding shop_price for buyers carrying that code. */
  invitePrices: z.record(z.string(), z.record(z.string(), z.number().int().min(1))).default({}),
});
export type ShopCatalog = z.infer<typeof ShopCatalogSchema>;

/** The answer of /v2/shop/lists and /v1/vip/getShops. */
export interface ShopLists {
  vip: ShopItem[];
  points: ShopItem[];
  video: ShopItem[];
  tables: TierRow[];
  tips: string[];
}

const trimmed = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().max(max));

export const ShopListsSchema = z.object({
  rise: trimmed(16).optional(),
  invite_code: trimmed(64).optional(),
});

export const GetShopsQuerySchema = z.object({
  showVideoShop: z.enum(['true', 'false', '1', '0']).optional(),
  invite_code: z.string().trim().max(64).optional(),
});

export const CreateShopsOrderSchema = z.object({
  shop_id: z.coerce.number({ error: '请选择要购买的商品' }).int({ error: '请选择要购买的商品' }).positive({ error: '请选择要购买的商品' }),
  /** 1 Alipay, 2 WeChat Pay; 0 or absent = the configured provider. */
  pay_id: z.coerce
    .number({ error: '支付方式不正确' })
    .int({ error: '支付方式不正确' })
    .min(0, { error: '支付方式不正确' })
    .max(9, { error: '支付方式不正确' })
    .default(0),
  num: z.coerce
    .number({ error: '购买数量不正确' })
    .int({ error: '购买数量不正确' })
    .min(1, { error: '购买数量不正确' })
    .max(99, { error: '购买数量不正确' })
    .default(1),
  channel: trimmed(32).optional(),
  app_channel: trimmed(32).optional(),
  coupon_id: trimmed(64).optional(),
  invite_code: trimmed(16).optional(),
});
export type CreateShopsOrderInput = z.input<typeof CreateShopsOrderSchema>;

export interface ShopOrderCreated {
  /** The order number the pay query polls with. */
  query_order: string;
  /** The QR content. */
  url: string;
  shop_id: number;
  shop_name: string;
  /** Cents to pay. */
  shop_price: number;
  /** mock | alipay | wechat */
  provider: string;
}

/** queryShopsOrder: `url` is the pay link (or the bare order number). */
export const QueryShopsOrderSchema = z.object({
  url: z.string({ error: '请提供订单信息' }).trim().min(1, { error: '请提供订单信息' }).max(2048, { error: '请提供订单信息' }),
});

export const PayQuerySchema = z.object({
  query_order: z.string({ error: '请提供订单号' }).trim().min(1, { error: '请提供订单号' }).max(40, { error: '订单号不正确' }),
});

export interface ShopOrderStatus {
  query_order: string;
  shop_id: number;
  shop_name: string;
  shop_price: number;
  /** pending | paid | closed */
  status: string;
  paid: boolean;
}

export const CardActiveSchema = z.object({
  card: z.string({ error: '请输入卡密' }).trim().min(1, { error: '请输入卡密' }).max(64, { error: '卡密不存在，请检查后重试' }),
});

export interface CardActivated {
  shop_name: string;
  vip: number;
  vipTime: string;
}
