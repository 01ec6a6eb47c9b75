import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MSG, type TaskInfo, type ToolRunItem } from '@wanxiang/contract';
import { installJsdomShims } from '../../components/testing/jsdom-shims';
import { useUserStore } from '../../stores/user';
import TranslateRecordPage from './TranslateRecordPage';

/** 翻译记录 with the server answered by a fetch stub: the group's runs and tasks, delete of each. */
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json({ code: 200, msg: 'ok', data });

const RUN: ToolRunItem = {
  id: '11111111-1111-4111-8111-111111111111',
  toolId: 'translateCommon',
  inputs: { text: '你好，世界', from: '自动检测', to: '英语' },
  model: 'deepseek-v3',
  content: 'Hello, world',
  createdAt: '2026-11-26T10:00:00.000Z',
};
const TASK: TaskInfo = {
  task_id: 'task1',
  tool: 'translateImage',
  status: 'succeeded',
  progress: 100,
  stage: '已完成',
  result: { files: [], text: '## 识别的文字\n菜单\n## 英语译文\nMenu' },
  inputs: { image: 'f1', to: '英语' },
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:01.000Z',
};

function renderPage() {
  installJsdomShims();
  const router = createMemoryRouter([{ path: '*', element: <TranslateRecordPage /> }], {
    initialEntries: ['/AITranslate/translateRecord'],
  });
  render(
    <AntApp>
      <RouterProvider router={router} />
    </AntApp>,
  );
}

const calls = (part: string) => fetchMock.mock.calls.filter(([url]) => String(url).includes(part));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useUserStore.setState({ token: 't', user: { token: 't', id: 1, vip: 0 } as never });
  fetchMock.mockImplementation((url) => {
    const u = String(url);
    if (u.includes('/v1/tools/runs?')) return Promise.resolve(ok({ list: [RUN], total: 1, page: 1, rows: 20 }));
    if (u.includes('/v1/tasks?')) return Promise.resolve(ok({ list: [TASK], total: 1 }));
    if (u.includes('/delete')) return Promise.resolve(ok(null));
    return Promise.resolve(json({ code: 404, msg: 'no' }, 404));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  useUserStore.setState({ token: '', user: null });
});

describe('TranslateRecordPage', () => {
  it('lists the group translate runs, opens one whole and deletes it', async () => {
    renderPage();
    const record = await screen.findByTestId('record-run');
    expect(String(calls('/v1/tools/runs?')[0]![0])).toContain('group=translate');
    expect(record.textContent).toContain('通用翻译');
    expect(record.textContent).toContain('自动检测 → 英语');
    expect(within(record).getByTestId('record-result').textContent).toBe('Hello, world');

    fireEvent.click(within(record).getByTestId('record-open'));
    const view = await screen.findByTestId('record-view');
    expect(view.textContent).toContain('你好，世界');
    expect(view.textContent).toContain('Hello, world');

    fireEvent.click(within(record).getByTestId('record-delete'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(calls(`/v1/tools/runs/${RUN.id}/delete`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('record-run')).toBeNull());
  });

  it('lists the group translate tasks with their text result and deletes an ended one', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: /文档与图片翻译/ }));
    const task = await screen.findByTestId('record-task');
    expect(String(calls('/v1/tasks?')[0]![0])).toContain('group=translate');
    expect(task.textContent).toContain('图片翻译');
    expect(task.textContent).toContain('Menu');

    fireEvent.click(within(task).getByRole('button', { name: MSG.recordDelete }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(calls('/v1/tasks/task1/delete')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('record-task')).toBeNull());
  });
});
