import type { TaskInfo } from '@wanxiang/contract';
import { fetchTask, followTaskEvents } from '../../api/tasks';
import { DEFAULT_DEPS, watchTask } from '../../tools/task-watch';

/** Polling, when the task's events cannot be read: how often, and for how long at most. */
export const BUILD_POLL_MS = 800;
export const BUILD_POLL_MAX = 150;

/**
 * Follow a slide build (a task of the task engine) to its end, calling `onTask` with each state
 * it passes through: its real progress (0-100) and stage text. The one task watcher of the tool
 * pages does the work (events first, polling when they cannot be read), polling faster here since
 * a deck builds in seconds. Answers the last state seen (null if none was, e.g. aborted at once).
 */
export async function followBuild(taskId: string, onTask: (task: TaskInfo) => void, signal: AbortSignal): Promise<TaskInfo | null> {
  let last: TaskInfo | null = null;
  const end = await watchTask(
    taskId,
    (t) => {
      last = t;
      onTask(t);
    },
    signal,
    { follow: followTaskEvents, poll: fetchTask, wait: DEFAULT_DEPS.wait },
    { pollMs: BUILD_POLL_MS, maxPolls: BUILD_POLL_MAX },
  );
  return end ?? last;
}
