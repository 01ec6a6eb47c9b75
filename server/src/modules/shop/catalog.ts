import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ShopCatalogSchema, type ShopCatalog, type ShopItem, type ShopLists } from '@wanxiang/contract';
import { DEFAULT_CATALOG_DIR } from '../../catalog';

/**
 * The operator-editable shop (server/catalog/shop.json, or CATALOG_DIR/shop.json), validated
 * with the contract's schema at first use; a broken file fails loudly rather than selling wrong.
 */
const cache = new Map<string, ShopCatalog>();

export function loadShopCatalog(dir: string = DEFAULT_CATALOG_DIR): ShopCatalog {
  const hit = cache.get(dir);
  if (hit) return hit;
  let file = join(dir, 'shop.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // A CATALOG_DIR without its own shop.json keeps the shipped one.
    file = join(DEFAULT_CATALOG_DIR, 'shop.json');
    text = readFileSync(file, 'utf8');
  }
  const parsed = ShopCatalogSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new Error(`${file}: ${i?.path.join('.')}: ${i?.message}`);
  }
  const ids = new Set<number>();
  for (const it of parsed.data.items) {
    if (ids.has(it.id)) throw new Error(`${file}: duplicate shop id ${it.id}`);
    ids.add(it.id);
    if (it.grant.vip > 0 && !it.grant.permanent && it.grant.days <= 0)
      throw new Error(`${file}: item ${it.id} grants vip without days or permanent`);
  }
  cache.set(dir, parsed.data);
  return parsed.data;
}

/** The item with the price a buyer carrying `inviteCode` pays. */
export function priced(catalog: ShopCatalog, item: ShopItem, inviteCode?: string): ShopItem {
  const override = inviteCode ? catalog.invitePrices[inviteCode]?.[String(item.id)] : undefined;
  return override ? { ...item, shop_price: override } : item;
}

export function findItem(catalog: ShopCatalog, shopId: number, inviteCode?: string): ShopItem | null {
  const item = catalog.items.find((i) => i.id === shopId);
  return item ? priced(catalog, item, inviteCode) : null;
}

export function shopLists(catalog: ShopCatalog, opts: { inviteCode?: string; showVideo?: boolean }): ShopLists {
  const items = catalog.items.map((i) => priced(catalog, i, opts.inviteCode));
  return {
    vip: items.filter((i) => i.kind === 'vip'),
    points: items.filter((i) => i.kind === 'points'),
    video: opts.showVideo ? items.filter((i) => i.kind === 'video') : [],
    tables: catalog.tables,
    tips: catalog.tips,
  };
}
