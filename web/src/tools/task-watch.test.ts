import { describe, expect, it, vi } from 'vitest';
import type { TaskInfo, TaskState } from '@wanxiang/contract';
import { mergeTask, watchTask, type WatchDeps } from './task-watch';

const task = (status: TaskState, progress: number, updatedAt: string, id = 't1'): TaskInfo => ({
  task_id: id,
  tool: 'aiImgEffect',
  status,
  progress,
  stage: '',
  inputs: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt,
});

const noWait: WatchDeps['wait'] = () => Promise.resolve();

describe('watchTask', () => {
  it('follows the events to the terminal state and never polls', async () => {
    const seen: number[] = [];
    const deps: WatchDeps = {
      follow: vi.fn(async (_id, onTask) => {
        onTask(task('running', 40, 'b'));
        const end = task('succeeded', 100, 'c');
        onTask(end);
        return end;
      }),
      poll: vi.fn(),
      wait: noWait,
    };
    const end = await watchTask('t1', (t) => seen.push(t.progress), new AbortController().signal, deps);
    expect(end?.status).toBe('succeeded');
    expect(seen).toEqual([40, 100]);
    expect(deps.poll).not.toHaveBeenCalled();
  });

  it('polls when the events cannot be opened, until the task ends', async () => {
    const states = [task('queued', 0, 'a'), task('running', 50, 'b'), task('failed', 50, 'c')];
    const deps: WatchDeps = {
      follow: vi.fn(() => Promise.reject(new Error('refused'))),
      poll: vi.fn(() => Promise.resolve(states.shift()!)),
      wait: noWait,
    };
    const seen: TaskState[] = [];
    const end = await watchTask('t1', (t) => seen.push(t.status), new AbortController().signal, deps);
    expect(end?.status).toBe('failed');
    expect(seen).toEqual(['queued', 'running', 'failed']);
    expect(deps.follow).toHaveBeenCalledTimes(1);
  });

  it('reopens events cut before the end once, then polls; a failed poll is tried again', async () => {
    let polls = 0;
    const deps: WatchDeps = {
      follow: vi.fn(() => Promise.resolve(task('running', 10, 'a'))),
      poll: vi.fn(() => (++polls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(task('succeeded', 100, 'z')))),
      wait: noWait,
    };
    const end = await watchTask('t1', () => undefined, new AbortController().signal, deps);
    expect(end?.status).toBe('succeeded');
    expect(deps.follow).toHaveBeenCalledTimes(2);
    expect(polls).toBe(2);
  });

  it('stops when the page goes away (the task itself runs on)', async () => {
    const ctrl = new AbortController();
    const deps: WatchDeps = {
      follow: vi.fn(() => Promise.reject(new Error('refused'))),
      poll: vi.fn(() => {
        ctrl.abort();
        return Promise.resolve(task('running', 5, 'a'));
      }),
      wait: noWait,
    };
    expect(await watchTask('t1', () => undefined, ctrl.signal, deps)).toBeNull();
    expect(deps.poll).toHaveBeenCalledTimes(1);
  });
});

describe('mergeTask', () => {
  it('adds a new task at the top and updates a known one in place', () => {
    const list = [task('running', 10, 'a', 'old')];
    const added = mergeTask(list, task('queued', 0, 'a', 'new'));
    expect(added.map((t) => t.task_id)).toEqual(['new', 'old']);
    const moved = mergeTask(added, task('running', 60, 'b', 'old'));
    expect(moved[1]?.progress).toBe(60);
  });

  it('never lets an older state replace a newer or terminal one', () => {
    const done = [task('succeeded', 100, 'c')];
    expect(mergeTask(done, task('running', 90, 'd'))).toBe(done);
    const running = [task('running', 50, 'c')];
    expect(mergeTask(running, task('running', 20, 'b'))).toBe(running);
  });
});
