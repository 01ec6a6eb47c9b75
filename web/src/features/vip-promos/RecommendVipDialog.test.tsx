import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { setFeedback, type Feedback } from '../../components/feedback/holder';
import { installJsdomShims } from '../../components/testing/jsdom-shims';
import { useDialogs } from '../../stores/dialogs';
import { RecommendVipDialog } from './RecommendVipDialog';

const fetchMock = vi.fn<typeof fetch>();
const notices: Feedback = { notifyError: vi.fn(), warn: vi.fn(), success: vi.fn(), error: vi.fn(), confirm: vi.fn() };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeAll(() => installJsdomShims());
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  setFeedback(notices);
  useDialogs.setState({ recommendVip: false });
});
afterEach(() => {
  cleanup();
  setFeedback(null);
});

function openDialog() {
  render(
    <MemoryRouter>
      <RecommendVipDialog />
    </MemoryRouter>,
  );
  act(() => useDialogs.getState().open('recommendVip'));
}

describe('recommended-VIP dialog', () => {
  it('shows the tiers with prices /100 and sends vip_modal_time', async () => {
    localStorage.setItem('vip_modal_time', '1700000000000');
    fetchMock.mockResolvedValue(
      json({
        code: 200,
        msg: 'success',
        data: {
          end: false,
          shop_name: '年度会员',
          shop_price: 19900,
          shop_price_2: 39900,
          tips: '开通后立即生效',
          tables: [
            {
              name: '月度会员',
              model: 'GPT-3.5',
              tools: '全部',
              audio: '10',
              docx: '10',
              media: '20',
              writing: '10',
              duration: '31天',
              price: 2990,
              unit: '月',
            },
          ],
        },
      }),
    );
    openDialog();
    expect(await screen.findByText('¥199')).toBeTruthy();
    expect(screen.getByText('¥29.9/月')).toBeTruthy();
    expect(screen.getByText('开通后立即生效')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/activity/last.day/rec');
    expect(JSON.parse(String(init?.body))).toMatchObject({ time: 1700000000000 });
  });

  it('a fetch exception shows the error as text (docs/product/promos.md §8), no notice', async () => {
    fetchMock.mockResolvedValue(json({ code: 1000, msg: '活动服务暂不可用', data: null }));
    openDialog();
    expect((await screen.findByTestId('recommend-vip-error')).textContent).toBe('活动服务暂不可用');
    expect(notices.notifyError).not.toHaveBeenCalled();
  });
});
