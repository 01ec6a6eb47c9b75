import { isTerminalTaskState, type TaskInfo } from '@wanxiang/contract';
import { fetchTask, followTaskEvents } from '../../api/tasks';

/** Polling, when the task's events cannot be read: how often, and for how long at most. */
export const BUILD_POLL_MS = 800;
export const BUILD_POLL_MAX = 150;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
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

/**
 * Follow a slide build (a task of the task engine) to its end, calling `onTask` with each state
 * it passes through: its real progress (0-100) and stage text. Live through the task's events;
 * when they cannot be opened or are cut before the end, the task is polled instead. Answers the
 * last state seen (null if none was, e.g. aborted at once).
 */
export async function followBuild(taskId: string, onTask: (task: TaskInfo) => void, signal: AbortSignal): Promise<TaskInfo | null> {
  let last: TaskInfo | null = null;
  const seen = (t: TaskInfo) => {
    last = t;
    onTask(t);
  };
  try {
    const ended = await followTaskEvents(taskId, seen, signal);
    if (ended && isTerminalTaskState(ended.status)) return ended;
  } catch {
    if (signal.aborted) return last;
  }
  for (let i = 0; i < BUILD_POLL_MAX && !signal.aborted; i++) {
    try {
      const task = await fetchTask(taskId, signal);
      seen(task);
      if (isTerminalTaskState(task.status)) return task;
    } catch {
      if (signal.aborted) break;
    }
    await sleep(BUILD_POLL_MS, signal);
  }
  return last;
}
