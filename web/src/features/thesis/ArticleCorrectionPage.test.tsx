import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { THESIS_MSG, type CorrectionRes } from '@wanxiang/contract';
import { installJsdomShims } from '../../components/testing/jsdom-shims';
import { useGateStore } from '../chat/gates/gate-store';
import { useUserStore } from '../../stores/user';
import ArticleCorrectionPage from './ArticleCorrectionPage';

/** 文章检测/纠错 with the server answered by a fetch stub: the mode by path, one change accepted, one rejected, a refusal shown. */
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const TEXT = '我们以经完成了任务，，大家要再接再励。';
const ANSWER: CorrectionRes = {
  demo: false,
  corrections: [
    { id: 1, start: 2, end: 4, original: '以经', replacement: '已经', reason: '错别字', type: 'typo' },
    { id: 2, start: 9, end: 11, original: '，，', replacement: '，', reason: '重复的逗号', type: 'punctuation' },
    { id: 3, start: 14, end: 18, original: '再接再励', replacement: '再接再厉', reason: '错别字', type: 'typo' },
  ],
};

function renderAt(path: string) {
  installJsdomShims();
  const router = createMemoryRouter([{ path: '*', element: <ArticleCorrectionPage /> }], { initialEntries: [path] });
  render(
    <AntApp>
      <RouterProvider router={router} />
    </AntApp>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useUserStore.setState({ token: 't', user: { token: 't', id: 1, vip: 0 } as never });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  useGateStore.getState().close();
  useUserStore.setState({ token: '', user: null });
});

describe('ArticleCorrectionPage', () => {
  it('checks in the path mode, lists the changes, and applies only the accepted ones', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json({ code: 200, msg: 'ok', data: ANSWER })));
    renderAt('/doc/articleCheck');
    expect(await screen.findByRole('heading', { name: '文章检测' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('correction-text'), { target: { value: TEXT } });
    fireEvent.click(screen.getByTestId('correction-run'));
    await waitFor(() => expect(screen.getAllByTestId('correction-item')).toHaveLength(3));
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as { text: string; mode: string };
    expect(body).toEqual({ text: TEXT, mode: 'check' });
    const result = () => (screen.getByTestId('correction-result') as HTMLTextAreaElement).value;
    expect(result()).toBe(TEXT);
    const items = screen.getAllByTestId('correction-item');
    fireEvent.click(items[2]!.querySelector('button')!); // 接受
    fireEvent.click(items[1]!.querySelectorAll('button')[1]!); // 忽略
    expect(result()).toBe('我们以经完成了任务，，大家要再接再厉。');
    expect(items[2]!.getAttribute('data-decision')).toBe('accepted');
    expect(items[1]!.getAttribute('data-decision')).toBe('rejected');
    fireEvent.click(screen.getByRole('button', { name: THESIS_MSG.acceptAll }));
    expect(result()).toBe('我们已经完成了任务，大家要再接再厉。');
  });

  it('shows the server refusal', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json({ code: 500, msg: THESIS_MSG.failed }, 200)));
    renderAt('/doc/articleCorrection');
    expect(await screen.findByRole('heading', { name: '文章纠错' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('correction-text'), { target: { value: '坏掉的模型' } });
    fireEvent.click(screen.getByTestId('correction-run'));
    expect(await screen.findByText(THESIS_MSG.failed)).toBeTruthy();
    expect(screen.queryAllByTestId('correction-item')).toHaveLength(0);
  });
});
