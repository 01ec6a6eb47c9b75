import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { TierRowSchema } from '@wanxiang/contract';
import { catalogFile } from '../../catalog';

/**
 * The operator's money promos, server/catalog/activity.json (or CATALOG_DIR/activity.json): the
 * VIP countdown promo, the recommended-VIP comparison table and the out-of-quota offer.
 * Prices are cents. Read once per process; a malformed file fails with the field at fault.
 */

const ActivitySettingsSchema = z.object({
  vipPromo: z.object({
    enabled: z.boolean(),
    title: z.string(),
    banner: z.string(),
    content: z.string(),
    button: z.string(),
    shop_id: z.number().int().min(0),
  }),
  recommendVip: z.object({
    enabled: z.boolean(),
    shop_name: z.string(),
    shop_price: z.number().int().min(0),
    shop_price_2: z.number().int().min(0),
    tables: z.array(TierRowSchema),
    tips: z.string(),
  }),
  quotaPopup: z.object({
    title: z.string(),
    subtitle: z.string(),
    popupTitle: z.string(),
    popupSubtitle: z.string(),
    rec: z.object({
      id: z.number().int().min(0),
      name: z.string(),
      price: z.number().int().min(0),
      discount_price: z.number().int().min(0),
      coupon_id: z.string(),
      rise: z.string(),
    }),
  }),
});
export type ActivitySettings = z.infer<typeof ActivitySettingsSchema>;

const cache = new Map<string, ActivitySettings>();

export function activitySettings(dir?: string): ActivitySettings {
  const file = catalogFile(dir, 'activity.json');
  let s = cache.get(file);
  if (!s) {
    const parsed = ActivitySettingsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    s = parsed.data;
    cache.set(file, s);
  }
  return s;
}
