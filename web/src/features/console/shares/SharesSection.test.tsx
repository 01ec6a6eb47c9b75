import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHARE_MSG as M, type ShareItem } from '@wanxiang/contract';
import { installJsdomShims } from '../../../components/testing/jsdom-shims';
import { SharesSection } from './SharesSection';

/**
 * 我的分享 with the server answered by a fetch stub that keeps a list: rows show kind, title, time and link; 复制链接
 * copies the link; 撤销 posts the token only after the confirmation and the row goes; an empty list and a failed load
 * (with 重试) have their own states.
 */
const fetchMock = vi.fn<typeof fetch>();
const json = (data: unknown, msg = 'ok') =>
  new Response(JSON.stringify({ code: 200, msg, data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
const ORIGIN = 'https://ai.example.com';
const item = (token: string, kind: ShareItem['kind'], title: string, createdAt: string): ShareItem => ({
  token,
  kind,
  targetId: `t-${token}`,
  title,
  url: `${ORIGIN}/s/${token}`,
  createdAt,
});
let list: ShareItem[] = [];
let failList = false;
const writeText = vi.fn<(text: string) => Promise<void>>();

const posts = (part: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && String(url).includes(part))
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

beforeEach(() => {
  installJsdomShims();
  failList = false;
  list = [item('tok-battle', 'battle', '用一句话介绍杭州', '2026-11-27T02:00:00.000Z'), item('tok-chat', 'chat', '长城有多长？', '2026-11-20T01:00:00.000Z')];
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((url, init) => {
    const u = String(url);
    if (u.includes('/share/list')) return Promise.resolve(failList ? new Response('boom', { status: 500 }) : json({ list }));
    if (u.endsWith('/share/revoke')) {
      const { token } = JSON.parse(String(init?.body)) as { token: string };
      list = list.filter((s) => s.token !== token);
      return Promise.resolve(json(null, M.shareRevoked));
    }
    return Promise.reject(new Error(`unexpected ${u}`));
  });
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

// No motion: a closed dialog leaves the page at once (jsdom never ends an animation).
const renderSection = () =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AntApp>
        <SharesSection />
      </AntApp>
    </ConfigProvider>,
  );

const rows = () => screen.queryAllByTestId('share-item');

describe('我的分享 section', { timeout: 20_000 }, () => {
  it('lists each link with its kind, title, time and link; 复制链接 copies it; 打开 opens it in a new tab', async () => {
    renderSection();
    expect(screen.getByTestId('shares-loading')).toBeTruthy();
    expect(await screen.findByText('用一句话介绍杭州')).toBeTruthy();
    expect(screen.getByText(M.listTitle)).toBeTruthy();
    const [battle, chat] = rows();
    expect(within(battle!).getByTestId('share-item-kind').textContent).toBe(M.listKindBattle);
    expect(within(chat!).getByTestId('share-item-kind').textContent).toBe(M.listKindChat);
    expect(within(chat!).getByTestId('share-item-title').textContent).toBe('长城有多长？');
    expect(within(chat!).getByTestId('share-item-url').textContent).toBe(`${ORIGIN}/s/tok-chat`);
    expect(within(chat!).getByText(/^创建于 2026-11-2\d \d\d:\d\d$/)).toBeTruthy();
    const open = within(chat!).getByTestId('share-item-open');
    expect(open.getAttribute('href')).toBe(`${ORIGIN}/s/tok-chat`);
    expect(open.getAttribute('target')).toBe('_blank');

    fireEvent.click(within(chat!).getByTestId('share-item-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${ORIGIN}/s/tok-chat`));
    expect(await screen.findByText(M.shareCopied)).toBeTruthy();
  });

  it('revokes only after the confirmation; cancel keeps the link; the last revoke leaves the empty state', async () => {
    renderSection();
    await screen.findByText('长城有多长？');
    const chat = rows()[1]!;

    fireEvent.click(within(chat).getByTestId('share-item-revoke'));
    expect(await screen.findByText(M.listRevokeConfirm('长城有多长？'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByText(M.listRevokeConfirm('长城有多长？'))).toBeNull());
    expect(posts('/share/revoke')).toEqual([]);
    expect(rows()).toHaveLength(2);

    fireEvent.click(within(chat).getByTestId('share-item-revoke'));
    fireEvent.click(await screen.findByTestId('share-revoke-ok'));
    await waitFor(() => expect(posts('/share/revoke')).toEqual([{ token: 'tok-chat' }]));
    expect(await screen.findByText(M.shareRevokeDone)).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByText('长城有多长？')).toBeNull();

    fireEvent.click(within(rows()[0]!).getByTestId('share-item-revoke'));
    fireEvent.click(await screen.findByTestId('share-revoke-ok'));
    expect(await screen.findByTestId('shares-empty')).toBeTruthy();
    expect(screen.getByText(M.listEmpty)).toBeTruthy();
  });

  it('an empty list shows the empty state', async () => {
    list = [];
    renderSection();
    expect(await screen.findByText(M.listEmpty)).toBeTruthy();
    expect(rows()).toHaveLength(0);
  });

  it('a failed load says so and 重试 loads again', async () => {
    failList = true;
    renderSection();
    expect(await screen.findByText(M.listLoadFailed)).toBeTruthy();
    failList = false;
    fireEvent.click(screen.getByTestId('shares-retry'));
    expect(await screen.findByText('长城有多长？')).toBeTruthy();
    expect(screen.queryByTestId('shares-error')).toBeNull();
  });
});
