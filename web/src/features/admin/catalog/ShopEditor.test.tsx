import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  catalogApi as api,
  docOf,
  expectMarked,
  mockCatalogServer,
  mountDocument,
  refusedFieldLabels,
  refuseNextSave,
  rowOf,
  saveAndSeeRefusal,
  type,
} from './catalog-testing';

vi.mock('../../../api/admin-catalog', () => import('./catalog-api-mock'));

const MONTH = {
  id: 1,
  kind: 'vip',
  shop_name: '月度会员',
  shop_price: 2990,
  shop_price_2: 4990,
  tag: '新人特惠',
  desc: '30天会员',
  grant: { vip: 1, vipType: '月卡', days: 30, counts: { chat_v40: 50 }, points: 100 },
};
const PACK = { id: 11, kind: 'points', shop_name: '1000积分', shop_price: 990, shop_price_2: 0, tag: '', desc: '积分', grant: { points: 1000 } };
const SHOP_DOC = docOf('shop', { items: [MONTH, PACK], tables: [], tips: ['会员权益以页面为准'], invitePrices: {} });

mockCatalogServer(SHOP_DOC);

describe('the shop form', { timeout: 60_000 }, () => {
  it('lists the items with prices in yuan and the membership term', async () => {
    mountDocument('shop');
    const month = await rowOf('月度会员');
    expect(month.textContent).toContain('¥29.90');
    expect(month.textContent).toContain('¥49.90');
    expect(month.textContent).toContain('30天');
    expect((await rowOf('1000积分')).textContent).toContain('¥9.90');
  });

  it('edits an item in yuan and saves cents, keeping the grant’s counts and the rest of the document', async () => {
    mountDocument('shop');
    fireEvent.click(await screen.findByTestId('shop-edit-1'));
    await screen.findByTestId('shop-drawer');
    type('名称', '月度会员 Plus');
    type('售价（元）', '19.9');
    type('赠送积分', '200');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    await screen.findByText('月度会员 Plus');
    fireEvent.click(screen.getByTestId('catalog-save'));
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1));
    expect(api.save).toHaveBeenCalledWith(
      'shop',
      {
        ...(SHOP_DOC.content as object),
        items: [
          { ...MONTH, shop_name: '月度会员 Plus', shop_price: 1990, grant: { ...MONTH.grant, points: 200, permanent: false } },
          PACK,
        ],
      },
      3,
    );
  });

  it('adds a points pack with the next free id', async () => {
    mountDocument('shop');
    fireEvent.click(await screen.findByTestId('shop-add'));
    await screen.findByTestId('shop-drawer');
    type('名称', '3000积分');
    type('售价（元）', '25');
    type('赠送积分', '3000');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    await screen.findByText('3000积分');
    fireEvent.click(screen.getByTestId('catalog-save'));
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1));
    const sent = api.save.mock.calls[0]![1] as { items: unknown[] };
    expect(sent.items).toHaveLength(3);
    expect(sent.items[2]).toEqual({
      id: 12,
      kind: 'points',
      shop_name: '3000积分',
      shop_price: 2500,
      shop_price_2: 0,
      tag: '',
      desc: '',
      grant: { vip: 0, vipType: '', days: 0, permanent: false, points: 3000 },
    });
  });

  it('refuses in the form a zero price, a taken id and a membership without days, in Chinese', async () => {
    mountDocument('shop');
    fireEvent.click(await screen.findByTestId('shop-edit-11'));
    await screen.findByTestId('shop-drawer');
    type('商品编号', '1');
    type('售价（元）', '0');
    type('会员等级（0 为不开通）', '2');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    expect(await screen.findByText('商品编号 1 已被使用', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('售价必须大于 0 元', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('开通会员需填写有效天数或选择永久有效', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('shop-drawer')).toBeTruthy();
  });

  it('shows the server’s refusal and marks the item it names', async () => {
    const refusal = '商品校验未通过：shop.json: item 11 grants vip without days or permanent';
    refuseNextSave(refusal);
    mountDocument('shop');
    await rowOf('1000积分');
    await saveAndSeeRefusal(refusal);
    expectMarked(await rowOf('1000积分'), true);
    expectMarked(await rowOf('月度会员'), false);
    // The item's drawer shows the message under the fields it names (level, days, permanent), not under the price.
    fireEvent.click(screen.getByTestId('shop-edit-11'));
    expect((await refusedFieldLabels('shop-drawer', refusal)).sort()).toEqual(['会员等级（0 为不开通）', '有效天数', '永久有效'].sort());
  });
});
