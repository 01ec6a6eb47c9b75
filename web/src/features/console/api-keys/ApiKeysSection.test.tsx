import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_KEYS_MSG as M } from '@wanxiang/contract';
import { installJsdomShims } from '../../../components/testing/jsdom-shims';
import { ApiKeysSection, usageExample } from './ApiKeysSection';

/**
 * The API 密钥 section with the server answered by a fetch stub that keeps a list: a created key is shown once (with
 * the warning and a copy button) and is gone from the page after the dialog closes, the list shows the hint and never
 * the key, rename posts the new name, revoke asks first and posts the id; free accounts cannot create.
 */
const fetchMock = vi.fn<typeof fetch>();
const json = (data: unknown, msg = 'ok') =>
  new Response(JSON.stringify({ code: 200, msg, data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
const SECRET = `wx-${'k'.repeat(36)}abcd`;
let list: { id: number; name: string; hint: string; createdAt: string; lastUsedAt: string | null }[] = [];

const posts = (part: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && String(url).includes(part))
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

beforeEach(() => {
  installJsdomShims();
  list = [{ id: 1, name: '旧脚本', hint: 'wx-aaaa…zzzz', createdAt: '2026-11-20T01:00:00.000Z', lastUsedAt: null }];
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((url, init) => {
    const u = String(url);
    const body = JSON.parse(String(init?.body ?? '{}')) as { id?: number; name?: string };
    if (u.endsWith('/apikey/list')) return Promise.resolve(json({ list }));
    if (u.endsWith('/apikey/create')) {
      const item = { id: 2, name: body.name!, hint: 'wx-kkkk…abcd', createdAt: '2026-11-27T01:00:00.000Z', lastUsedAt: null };
      list = [item, ...list];
      return Promise.resolve(json({ ...item, key: SECRET }));
    }
    if (u.endsWith('/apikey/rename')) {
      list = list.map((k) => (k.id === body.id ? { ...k, name: body.name! } : k));
      return Promise.resolve(json(null));
    }
    if (u.endsWith('/apikey/revoke')) {
      list = list.filter((k) => k.id !== body.id);
      return Promise.resolve(json(null));
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
const renderSection = (member = true) =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AntApp>
        <ApiKeysSection member={member} />
      </AntApp>
    </ConfigProvider>,
  );

describe('API keys section', { timeout: 20_000 }, () => {
  it('creates a key and shows it once with the warning; the list shows only its hint', async () => {
    renderSection();
    expect(await screen.findByText('旧脚本')).toBeTruthy();
    fireEvent.click(screen.getByTestId('apikey-create'));
    fireEvent.change(await screen.findByTestId('apikey-create-name'), { target: { value: '  新脚本 ' } });
    fireEvent.click(screen.getByTestId('apikey-create-name-ok'));
    expect((await screen.findByTestId('apikey-secret')).textContent).toBe(SECRET);
    expect(screen.getByText(M.shownOnceWarning)).toBeTruthy();
    expect(screen.getByTestId('apikey-copy')).toBeTruthy();
    expect(posts('/apikey/create')).toEqual([{ name: '新脚本' }]);
    expect(await screen.findByText('wx-kkkk…abcd')).toBeTruthy();
    fireEvent.click(screen.getByTestId('apikey-shown-close'));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull(), { timeout: 5000 });
    expect(screen.getAllByText(M.neverUsed)).toHaveLength(2);
  });

  it('renames with the new name and revokes only after the confirmation', async () => {
    renderSection();
    fireEvent.click(await screen.findByTestId('apikey-rename-1'));
    const input = await screen.findByTestId('apikey-rename-name');
    expect((input as HTMLInputElement).value).toBe('旧脚本');
    fireEvent.change(input, { target: { value: '改名了' } });
    fireEvent.click(screen.getByTestId('apikey-rename-name-ok'));
    expect(await screen.findByText('改名了')).toBeTruthy();
    expect(posts('/apikey/rename')).toEqual([{ id: 1, name: '改名了' }]);

    fireEvent.click(screen.getByTestId('apikey-revoke-1'));
    expect(await screen.findByText(M.revokeConfirm('改名了'))).toBeTruthy();
    expect(posts('/apikey/revoke')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(posts('/apikey/revoke')).toEqual([{ id: 1 }]));
    expect(await screen.findByText(M.empty)).toBeTruthy();
  });

  it('free accounts see why and cannot create; the usage example carries the base URL', async () => {
    renderSection(false);
    expect(await screen.findByText(new RegExp(M.membersOnlyHint))).toBeTruthy();
    expect((screen.getByTestId('apikey-create') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('apikey-usage').textContent).toBe(usageExample(window.location.origin));
    expect(usageExample('https://ai.example.com')).toContain('curl https://ai.example.com/v1/chat/completions');
  });
});
