import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from 'antd';
import type { ShopOrderCreated, UserInfo } from '@wanxiang/contract';
import { installJsdomShims } from '../../components/testing/jsdom-shims';
import { useDialogs } from '../../stores/dialogs';
import { useUserStore } from '../../stores/user';
import { useBindPhoneStore } from '../account/bind-phone/bind-phone-store';
import { PayQrDialog } from './PayQrDialog';
import type * as ShopApi from '../../api/shop';

const createShopsOrder = vi.fn<(req: { shop_id: number }) => Promise<ShopOrderCreated>>();
const payQuery = vi.fn<(no: string, signal?: AbortSignal) => Promise<{ paid: boolean }>>();
vi.mock('../../api/shop', async (orig) => ({
  ...(await orig<typeof ShopApi>()),
  createShopsOrder: (req: { shop_id: number }) => createShopsOrder(req),
  payQuery: (no: string, s?: AbortSignal) => payQuery(no, s),
}));

const ORDER: ShopOrderCreated = {
  query_order: 'WX1',
  url: '/api/v1/pay/mock/page?query_order=WX1',
  shop_id: 1,
  shop_name: '月度会员',
  shop_price: 2990,
  provider: 'mock',
};
const refreshUser = vi.fn(async () => {});
const flush = () => act(async () => {});

function login(phone: string) {
  useUserStore.setState({
    token: 'tok',
    user: { id: 1, uid: 1, token: 'tok', phone, vip: 0, vipType: '', vipTime: '' } as unknown as UserInfo,
    refreshUser,
  });
}

beforeAll(() => installJsdomShims());
beforeEach(() => {
  vi.useFakeTimers();
  createShopsOrder.mockReset().mockResolvedValue(ORDER);
  payQuery.mockReset();
  refreshUser.mockClear();
  useBindPhoneStore.setState({ open: false });
});
afterEach(() => {
  cleanup();
  useDialogs.setState({ pay: null });
  vi.useRealTimers();
});

const mount = () =>
  render(
    <App>
      <PayQrDialog />
    </App>,
  );

describe('payment QR dialog', { timeout: 30_000 }, () => {
  it('a user without a phone sees the bind-phone overlay and no order is made', async () => {
    login('');
    mount();
    act(() => useDialogs.getState().openPay({ shop_id: 1 }));
    await flush();
    expect(screen.getByTestId('pay-need-phone')).toBeTruthy();
    expect(createShopsOrder).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '绑定手机号' }));
    expect(useBindPhoneStore.getState().open).toBe(true);
  });

  it('makes the order, shows QR and amount, polls every 3 s; paid -> 支付成功, polling stops, user refreshed', async () => {
    login('13800138000');
    mount();
    act(() => useDialogs.getState().openPay({ shop_id: 1 }));
    await flush();
    expect(createShopsOrder).toHaveBeenCalledWith(expect.objectContaining({ shop_id: 1 }));
    expect(screen.getByTestId('pay-amount').textContent).toContain('29.90');
    expect(screen.getByTestId('pay-mock-link').getAttribute('href')).toBe(`${window.location.origin}${ORDER.url}`);
    payQuery.mockResolvedValueOnce({ paid: false }).mockResolvedValue({ paid: true });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2999);
    });
    expect(payQuery).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(payQuery).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(payQuery).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('pay-success').textContent).toContain('支付成功');
    expect(refreshUser).toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(9000);
    });
    expect(payQuery).toHaveBeenCalledTimes(2);
  });

  it('closing stops polling and refreshes the user', async () => {
    login('13800138000');
    mount();
    act(() => useDialogs.getState().openPay({ shop_id: 1 }));
    await flush();
    payQuery.mockResolvedValue({ paid: false });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(payQuery).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: /close|关闭/i }));
    await flush();
    expect(useDialogs.getState().pay).toBeNull();
    expect(refreshUser).toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(9000);
    });
    expect(payQuery).toHaveBeenCalledTimes(1);
  });
});
