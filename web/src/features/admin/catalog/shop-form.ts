/**
 * The shop document (server/catalog/shop.json) as the console's table and drawer form. Prices are cents in the file
 * and yuan in the form; the grant's bonus counts, the comparison tables, tips and invite prices are kept as they are
 * (edited in 高级).
 */

export type ShopKind = 'vip' | 'points' | 'video';

export interface ShopItemDoc {
  id: number;
  kind: ShopKind;
  shop_name: string;
  shop_price: number;
  shop_price_2?: number;
  tag?: string;
  desc?: string;
  grant: { vip?: number; vipType?: string; days?: number; permanent?: boolean; points?: number; counts?: Record<string, number>; [f: string]: unknown };
  [field: string]: unknown;
}

export interface ShopContent {
  items: ShopItemDoc[];
  [other: string]: unknown;
}

export interface ShopFormValues {
  id: number;
  kind: ShopKind;
  shop_name: string;
  /** Yuan. */
  price: number;
  /** Yuan; 0 = no struck-through price. */
  price2: number;
  tag: string;
  desc: string;
  vip: number;
  vipType: string;
  days: number;
  permanent: boolean;
  points: number;
}

export function isShopContent(v: unknown): v is ShopContent {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const items = (v as { items?: unknown }).items;
  return (
    Array.isArray(items) &&
    items.every((i) => !!i && typeof i === 'object' && typeof (i as ShopItemDoc).id === 'number' && !!(i as ShopItemDoc).grant && typeof (i as ShopItemDoc).grant === 'object')
  );
}

/** Cents to yuan and back; rounding keeps 19.9 yuan at 1990 cents, not 1989.9999. */
export const toYuan = (cents: number | undefined): number => (cents ?? 0) / 100;
export const toCents = (yuan: number): number => Math.round(yuan * 100);

export function shopValuesOf(i: ShopItemDoc): ShopFormValues {
  return {
    id: i.id,
    kind: i.kind,
    shop_name: i.shop_name,
    price: toYuan(i.shop_price),
    price2: toYuan(i.shop_price_2),
    tag: i.tag ?? '',
    desc: i.desc ?? '',
    vip: i.grant.vip ?? 0,
    vipType: i.grant.vipType ?? '',
    days: i.grant.days ?? 0,
    permanent: i.grant.permanent ?? false,
    points: i.grant.points ?? 0,
  };
}

/** The item with the form's values; fields the form does not show (grant.counts...) kept from `before`. */
export function itemWithValues(before: ShopItemDoc | null, v: ShopFormValues): ShopItemDoc {
  return {
    ...before,
    id: v.id,
    kind: v.kind,
    shop_name: v.shop_name.trim(),
    shop_price: toCents(v.price),
    shop_price_2: toCents(v.price2),
    tag: v.tag.trim(),
    desc: v.desc.trim(),
    grant: { ...before?.grant, vip: v.vip, vipType: v.vipType.trim(), days: v.days, permanent: v.permanent, points: v.points },
  };
}

/** The document with the item saved: in place when `beforeId` names one, else added at the end. */
export function withShopItem(content: ShopContent, beforeId: number | null, v: ShopFormValues): ShopContent {
  const before = beforeId === null ? null : (content.items.find((i) => i.id === beforeId) ?? null);
  const item = itemWithValues(before, v);
  const items = before ? content.items.map((i) => (i === before ? item : i)) : [...content.items, item];
  return { ...content, items };
}

export function withoutShopItem(content: ShopContent, id: number): ShopContent {
  return { ...content, items: content.items.filter((i) => i.id !== id) };
}

/** A new item's starting values: the next free id, a points pack of nothing (the form asks for the rest). */
export function newShopValues(content: ShopContent, name: string): ShopFormValues {
  const id = content.items.reduce((m, i) => Math.max(m, i.id), 0) + 1;
  return { id, kind: 'points', shop_name: name, price: 0, price2: 0, tag: '', desc: '', vip: 0, vipType: '', days: 0, permanent: false, points: 0 };
}
