import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskInfo } from '@wanxiang/contract';

const api = vi.hoisted(() => ({ followTaskEvents: vi.fn(), fetchTask: vi.fn() }));
vi.mock('../../api/tasks', () => api);

const { followBuild } = await import('./follow-build');

const task = (status: TaskInfo['status'], progress: number, stage = ''): TaskInfo => ({
  task_id: 't1',
  tool: 'slides:file',
  status,
  progress,
  stage,
  inputs: {},
  createdAt: '',
  updatedAt: '',
});

describe('followBuild', () => {
  beforeEach(() => {
    api.followTaskEvents.mockReset();
    api.fetchTask.mockReset();
  });

  it('passes every live event on and answers the terminal one', async () => {
    api.followTaskEvents.mockImplementation(async (_id: string, onTask: (t: TaskInfo) => void) => {
      for (const t of [task('queued', 0), task('running', 40, '正在绘制第 3/7 页'), task('succeeded', 100)]) onTask(t);
      return task('succeeded', 100);
    });
    const seen: number[] = [];
    const end = await followBuild('t1', (t) => seen.push(t.progress), new AbortController().signal);
    expect(seen).toEqual([0, 40, 100]);
    expect(end?.status).toBe('succeeded');
    expect(api.fetchTask).not.toHaveBeenCalled();
  });

  it('polls the task when its events cannot be opened, until it ends', async () => {
    vi.useFakeTimers();
    try {
      api.followTaskEvents.mockRejectedValue(new Error('task events refused (502)'));
      api.fetchTask
        .mockResolvedValueOnce(task('running', 30, '正在绘制第 2/7 页'))
        .mockRejectedValueOnce(new Error('network'))
        .mockResolvedValueOnce(task('failed', 30, '失败'));
      const seen: string[] = [];
      const ending = followBuild('t1', (t) => seen.push(`${t.status}:${t.progress}`), new AbortController().signal);
      await vi.runAllTimersAsync();
      const end = await ending;
      expect(end?.status).toBe('failed');
      expect(seen).toEqual(['running:30', 'failed:30']);
      expect(api.fetchTask).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('falls back to polling when the event stream is cut before the end, and stops when aborted', async () => {
    api.followTaskEvents.mockImplementation(async (_id: string, onTask: (t: TaskInfo) => void) => {
      onTask(task('running', 50));
      return task('running', 50);
    });
    const ctrl = new AbortController();
    api.fetchTask.mockImplementation(async () => {
      ctrl.abort();
      return task('running', 60);
    });
    const end = await followBuild('t1', () => undefined, ctrl.signal);
    expect(end).toMatchObject({ status: 'running', progress: 60 });
    expect(api.fetchTask).toHaveBeenCalledTimes(1);
  });
});
