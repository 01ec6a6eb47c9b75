import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toolById, type TaskInfo } from '@wanxiang/contract';
import { installJsdomShims } from '../components/testing/jsdom-shims';
import { TaskCard } from './TaskCard';

/** The task card's gallery actions: 发布到广场 on a finished picture only, and a text result shown with a copy button. */
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const task = (tool: string, patch: Partial<TaskInfo>): TaskInfo => ({
  task_id: 'task_1',
  tool,
  status: 'succeeded',
  progress: 100,
  stage: '',
  inputs: { text: '竹林里的熊猫' },
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:05.000Z',
  ...patch,
});
const picture = { id: 'f1', name: '文生图.png', contentType: 'image/png', bytes: 10, url: '/api/v1/files/f1', width: 64, height: 64 };

function renderCard(t: TaskInfo) {
  installJsdomShims();
  render(
    <AntApp>
      <TaskCard task={t} tool={toolById(t.tool)!} busy={false} onCancel={() => {}} onRetry={() => {}} />
    </AntApp>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((url) => {
    if (String(url).endsWith('/v1/img/publish')) return Promise.resolve(json({ code: 200, msg: '发布成功', data: { id: 7 } }));
    return Promise.resolve(new Response(new Blob([new Uint8Array([1])], { type: 'image/png' }), { status: 200, headers: { 'Content-Type': 'image/png' } }));
  });
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('TaskCard gallery actions', () => {
  it('offers 发布到广场 on a finished picture and publishes it with the title given', async () => {
    renderCard(task('text2image', { result: { files: [picture] } }));
    fireEvent.click(screen.getByTestId('publish-open'));
    const input = await screen.findByLabelText('作品标题');
    expect((input as HTMLInputElement).value).toBe('竹林里的熊猫');
    fireEvent.change(input, { target: { value: '熊猫' } });
    fireEvent.click(screen.getByRole('button', { name: /^发\s*布$/ }));
    await waitFor(() => expect(screen.getByTestId('publish-done')).toBeTruthy());
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/v1/img/publish'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ task_id: 'task_1', title: '熊猫' });
  });

  it('has no 发布到广场 while a picture is still being drawn, nor on a failed task', () => {
    renderCard(task('text2image', { status: 'running', progress: 40, result: { files: [picture] } }));
    expect(screen.queryByTestId('publish-open')).toBeNull();
    cleanup();
    renderCard(task('text2image', { status: 'failed', error: '失败' }));
    expect(screen.queryByTestId('publish-open')).toBeNull();
  });

  it('a live task shows its progress and the worker\'s stage text with 取消; a finished one shows neither', () => {
    const tool = toolById('aiImgEffect')!;
    renderCard(task(tool.id, { status: 'running', progress: 40, stage: '处理中', inputs: { image: 'f0', effect: 'pixel' } }));
    expect(screen.getByTestId('task-card').getAttribute('data-state')).toBe('running');
    expect(screen.getByTestId('task-progress').textContent).toContain('40%');
    expect(screen.getByTestId('task-stage').textContent).toBe('处理中');
    expect(screen.getByTestId('task-cancel')).toBeTruthy();
    cleanup();
    renderCard(task(tool.id, { inputs: { image: 'f0', effect: 'pixel' }, result: { files: [picture] } }));
    expect(screen.queryByTestId('task-progress')).toBeNull();
    expect(screen.queryByTestId('task-stage')).toBeNull();
    expect(screen.queryByTestId('task-cancel')).toBeNull();
  });

  it('shows 反推提示词’s text itself with a copy button, and no publish (its result is not a picture)', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const txt = { id: 'f2', name: '提示词.txt', contentType: 'text/plain', bytes: 20, url: '/api/v1/files/f2' };
    renderCard(task('ImageReversWord', { inputs: { image: 'f0', language: 'zh' }, result: { files: [txt], text: '一只熊猫坐在竹林里，水墨风格' } }));
    expect(screen.getByTestId('task-result-text').textContent).toContain('一只熊猫坐在竹林里，水墨风格');
    expect(screen.queryByTestId('publish-open')).toBeNull();
    fireEvent.click(screen.getByTestId('task-result-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('一只熊猫坐在竹林里，水墨风格'));
  });
});
