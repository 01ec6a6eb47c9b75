import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MODERATION_MSG as M } from '@wanxiang/contract';
import { installJsdomShims } from '../../../components/testing/jsdom-shims';
import { ImageQueue } from './ImageQueue';
import { PersonaQueue } from './PersonaQueue';

/**
 * The shared moderation queue through two of its configurations, with the server answered by a fetch stub: rows of the
 * page load, a one-click action (confirmed) posts and reloads, an action with a reason opens the dialog and posts the
 * text, and a status switch loads that status from page 1.
 */
const fetchMock = vi.fn<typeof fetch>();
const json = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
const page = (list: unknown[]) => ({ list, total: list.length, page: 1, size: 20 });
const persona = { id: 7, title: '导游', description: '带你逛', avatar: '', emoji: '🧭', context: [{ role: 'system', content: '你是导游' }], status: 'pending', reviewReason: '', author: { id: 3, nick: '作者', phone: '' }, createdAt: '2026-11-27T01:00:00.000Z' };
const image = { id: 9, title: '作品', tool: 'text2image', width: 10, height: 10, thumbUrl: '/t', imageUrl: '/i', status: 'hidden', takedownReason: '', likes: 0, reports: 2, author: { id: 4, nick: '', phone: '138' }, createdAt: '2026-11-27T01:00:00.000Z' };

const calls = (method: string, part: string) => fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(part));

function renderQueue(queue: React.ReactNode) {
  installJsdomShims();
  render(<AntApp>{queue}</AntApp>);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((url, init) => {
    const u = String(url);
    if ((init?.method ?? 'GET') === 'POST') return Promise.resolve(json({ status: 'ok' }));
    if (u.includes('/moderation/personas')) return Promise.resolve(json(page(u.includes('status=pending') ? [persona] : [])));
    return Promise.resolve(json(page(u.includes('status=hidden') ? [image] : [])));
  });
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('moderation queue', () => {
  it('approves after the confirm and reloads; rejects with the reason typed in the dialog', async () => {
    renderQueue(<PersonaQueue />);
    fireEvent.click(await screen.findByTestId('persona-approve-7'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(calls('POST', '/personas/7/approve')).toHaveLength(1));
    await waitFor(() => expect(calls('GET', '/moderation/personas')).toHaveLength(2));

    fireEvent.click(screen.getByTestId('persona-reject-7'));
    expect(await screen.findByText(`${M.modRejectTitle}：导游`)).toBeTruthy();
    fireEvent.change(await screen.findByTestId('mod-reason'), { target: { value: '含有不当内容' } });
    fireEvent.click(screen.getByTestId('mod-reason-ok'));
    await waitFor(() => expect(calls('POST', '/personas/7/reject')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', '/personas/7/reject')[0]![1]!.body))).toEqual({ reason: '含有不当内容' });
  });

  it('switches status from page 1 and offers the actions of that status (a hidden picture: take down or restore)', async () => {
    renderQueue(<ImageQueue />);
    await waitFor(() => expect(calls('GET', 'status=listed')).toHaveLength(1));
    expect(screen.queryByTestId('image-restore-9')).toBeNull();
    fireEvent.click(screen.getByText(M.modImageStatusNames.hidden!));
    fireEvent.click(await screen.findByTestId('image-restore-9'));
    expect(screen.getByTestId('image-takedown-9')).toBeTruthy();
    await waitFor(() => expect(calls('POST', '/images/9/restore')).toHaveLength(1));
    expect(calls('GET', 'status=hidden')[0]![0]).toContain('page=1');
  });
});
