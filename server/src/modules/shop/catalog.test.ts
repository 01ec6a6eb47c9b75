import { describe, expect, it } from 'vitest';
import { ShopCatalogSchema } from '@wanxiang/contract';
import { findItem, loadShopCatalog, shopLists } from './catalog';
import { effectiveVip } from './membership';
import { orderNoFromUrl, newOrderNo } from './service';

describe('shop catalog', () => {
  const shipped = loadShopCatalog();

  it('the shipped shop.json is valid: memberships grant days or permanent, ids unique', () => {
    expect(shipped.items.filter((i) => i.kind === 'vip').map((i) => i.grant.vip)).toEqual([1, 2, 3, 4]);
    expect(shipped.items.find((i) => i.id === 4)?.grant.permanent).toBe(true);
    expect(new Set(shipped.items.map((i) => i.id)).size).toBe(shipped.items.length);
  });

  it('an invite code may carry its own price list; others see the normal prices', () => {
    const c = ShopCatalogSchema.parse({ ...shipped, invitePrices: { AGENT1: { '1': 1990 } } });
    expect(findItem(c, 1, 'AGENT1')?.shop_price).toBe(1990);
    expect(findItem(c, 1, 'OTHER')?.shop_price).toBe(2990);
    expect(findItem(c, 1)?.shop_price).toBe(2990);
    expect(shopLists(c, { inviteCode: 'AGENT1' }).vip[0]?.shop_price).toBe(1990);
    expect(shopLists(c, {}).video).toEqual([]);
    expect(shopLists(c, { showVideo: true }).video.length).toBe(1);
  });

  it('refuses a malformed item (price not in cents)', () => {
    const bad = { ...shipped, items: [{ ...shipped.items[0], shop_price: 29.9 }] };
    expect(ShopCatalogSchema.safeParse(bad).success).toBe(false);
  });
});

describe('order numbers and membership expiry', () => {
  it('order numbers are unique and fit both gateways (<= 32 characters)', () => {
    const nos = new Set(Array.from({ length: 1000 }, () => newOrderNo()));
    expect(nos.size).toBe(1000);
    for (const n of nos) expect(n).toMatch(/^WX\d{22}$/);
  });
  it('queryShopsOrder reads the order number from the pay link or takes it bare', () => {
    expect(orderNoFromUrl('/api/v1/pay/mock/page?query_order=WX123&x=1')).toBe('WX123');
    expect(orderNoFromUrl(' WX9 ')).toBe('WX9');
  });
  it('effective vip: expired is 0, permanent and operator-set (no expiry) stay', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    expect(effectiveVip({ vip: 1, vipPermanent: false, vipExpiresAt: new Date('2026-11-21T23:59:59Z') }, now)).toBe(0);
    expect(effectiveVip({ vip: 1, vipPermanent: false, vipExpiresAt: new Date('2026-11-22T00:00:01Z') }, now)).toBe(1);
    expect(effectiveVip({ vip: 4, vipPermanent: true, vipExpiresAt: null }, now)).toBe(4);
    expect(effectiveVip({ vip: 79, vipPermanent: false, vipExpiresAt: null }, now)).toBe(79);
  });
});
