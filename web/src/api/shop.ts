import type { CardActivated, ShopLists, ShopOrderCreated, ShopOrderStatus } from '@wanxiang/contract';
import { Code } from '@wanxiang/contract';
import { get, post, RequestError } from './request';
import { getInviteCode } from '../stores/keywords';

/** Membership shop and payment (docs/product/membership-and-payment.md §7). Prices are cents. */

/** `inviteCode` defaults to the code the visitor arrived with (keywords_state). */
export function shopLists(inviteCode = getInviteCode()): Promise<ShopLists> {
  return post<ShopLists>('/v2/shop/lists', { rise: '', invite_code: inviteCode });
}

export function getShops(showVideoShop = false): Promise<ShopLists> {
  return get<ShopLists>('/v1/vip/getShops', showVideoShop ? { showVideoShop: 'true' } : undefined);
}

export function createShopsOrder(req: {
  shop_id: number;
  pay_id?: number;
  num?: number;
  coupon_id?: string;
  app_channel?: string;
}): Promise<ShopOrderCreated> {
  return post<ShopOrderCreated>(
    '/v1/vip/createShopsOrder',
    { pay_id: 0, num: 1, channel: '', app_channel: 'web', coupon_id: '', ...req },
    { silent: true },
  );
}

/** The pay query polled every 3 s: true once paid (code 200), false while pending or closed. */
export async function payQuery(queryOrder: string, signal?: AbortSignal): Promise<{ paid: boolean; status?: ShopOrderStatus }> {
  try {
    const status = await post<ShopOrderStatus>('/v1/pay/query', { query_order: queryOrder }, { silent: true, signal });
    return { paid: true, status };
  } catch (err) {
    if (err instanceof RequestError && err.code === Code.FAILED) return { paid: false };
    throw err;
  }
}

export function cardActive(card: string): Promise<CardActivated> {
  return post<CardActivated>('/v1/vip/cardActive', { card }, { silent: true });
}

/** Cents -> '29.90' (docs/product/membership-and-payment.md §9: prices are cents divided by 100 for display). */
export function yuan(cents: number): string {
  return (cents / 100).toFixed(2).replace(/\.00$/, '');
}
