import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ShopCatalogSchema, type ShopCatalog, type ShopItem, type ShopLists } from '@wanxiang/contract';
import { DEFAULT_CATALOG_DIR } from '../../catalog';
import { liveValueOf, type LiveSpec, type LiveValueHost } from '../../catalog/documents/live';

/**
 * The operator-editable shop (server/catalog/shop.json, or CATALOG_DIR/shop.json, or the copy saved in the admin
 * console), validated with the contract's schema; a broken one fails loudly rather than selling wrong.
 */
export function parseShopCatalog(json: unknown, where = 'shop.json'): ShopCatalog {
  const parsed = ShopCatalogSchema.safeParse(json);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw new Error(`${where}: ${i?.path.join('.')}: ${i?.message}`);
  }
  const ids = new Set<number>();
  for (const it of parsed.data.items) {
    if (ids.has(it.id)) throw new Error(`${where}: duplicate shop id ${it.id}`);
    ids.add(it.id);
    if (it.grant.vip > 0 && !it.grant.permanent && it.grant.days <= 0) throw new Error(`${where}: item ${it.id} grants vip without days or permanent`);
  }
  return parsed.data;
}

export const SHOP_SPEC: LiveSpec<ShopCatalog> = { documents: ['shop'], build: (read) => parseShopCatalog(read('shop')) };

/** The shop in force for this app: the console's saved copy over the file, rebuilt when either changes. */
export function shopCatalogOf(ctx: LiveValueHost): ShopCatalog {
  return liveValueOf(ctx, 'shop.catalog', SHOP_SPEC);
}

const cache = new Map<string, ShopCatalog>();

/** The file's shop, parsed once per folder (tests and the command line, which have no app context). */
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
  const catalog = parseShopCatalog(JSON.parse(text), file);
  cache.set(dir, catalog);
  return catalog;
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
