import { isTerminalTaskState, type TaskInfo } from '@wanxiang/contract';
import { fetchTask, followTaskEvents } from '../api/tasks';

/**
 * Following one task until it ends (no React): the server's events first (one `task` event per
 * change); when they cannot be opened or break off before the end, the polling call every
 * POLL_INTERVAL_MS takes over. Closing the page only stops watching: the task runs on.
 */

export const POLL_INTERVAL_MS = 2000;
/** Events that break off this many times in a row are given up for polling. */
const MAX_EVENT_TRIES = 2;

export interface WatchDeps {
  follow: typeof followTaskEvents;
  poll: typeof fetchTask;
  wait: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** How often the polling fallback asks, and how many times at most (a page watching a short build polls faster). */
export interface WatchPace {
  pollMs?: number;
  maxPolls?: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });

export const DEFAULT_DEPS: WatchDeps = { follow: followTaskEvents, poll: fetchTask, wait: sleep };

/** Resolves with the task's terminal state, or null when `signal` stopped the watch first. */
export async function watchTask(
  taskId: string,
  onTask: (task: TaskInfo) => void,
  signal: AbortSignal,
  deps: WatchDeps = DEFAULT_DEPS,
  { pollMs = POLL_INTERVAL_MS, maxPolls = Infinity }: WatchPace = {},
): Promise<TaskInfo | null> {
  for (let tries = 0; tries < MAX_EVENT_TRIES && !signal.aborted; tries++) {
    try {
      const last = await deps.follow(taskId, onTask, signal);
      if (last && isTerminalTaskState(last.status)) return last;
    } catch {
      if (signal.aborted) return null;
      break; // not available here (an older server, a proxy that buffers): poll instead
    }
  }
  for (let polls = 0; polls < maxPolls && !signal.aborted; polls++) {
    try {
      const task = await deps.poll(taskId, signal);
      onTask(task);
      if (isTerminalTaskState(task.status)) return task;
    } catch {
      // a failed poll is tried again on the next tick
    }
    await deps.wait(pollMs, signal);
  }
  return null;
}

/** The list with this task's newer state in place, or added at the top when it is new. */
export function mergeTask(list: readonly TaskInfo[], task: TaskInfo): TaskInfo[] {
  const i = list.findIndex((t) => t.task_id === task.task_id);
  if (i < 0) return [task, ...list];
  const prev = list[i]!;
  // Events and polls may cross: an older state never replaces a newer one.
  if (isTerminalTaskState(prev.status) && !isTerminalTaskState(task.status)) return list as TaskInfo[];
  if (prev.updatedAt > task.updatedAt) return list as TaskInfo[];
  const next = list.slice();
  next[i] = task;
  return next;
}
