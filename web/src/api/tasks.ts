import { createParser } from 'eventsource-parser';
import { isTerminalTaskState, type TaskInfo } from '@wanxiang/contract';
import { apiUrl, authHeaders, get, post } from './request';

/**
 * The task engine's API (docs/api.md "Tasks"): one task, its live events (SSE, event `task` on
 * every change, closed after a terminal state), the user's tasks of one tool, cancel and retry.
 */

export type { TaskFile, TaskInfo, TaskState } from '@wanxiang/contract';

export interface TaskPage {
  list: TaskInfo[];
  total: number;
}

const taskPath = (taskId: string) => `/v1/tasks/${encodeURIComponent(taskId)}`;

export function fetchTask(taskId: string, signal?: AbortSignal): Promise<TaskInfo> {
  return get<TaskInfo>(taskPath(taskId), undefined, { silent: true, signal });
}

export function fetchTasks(toolId: string, page = 1): Promise<TaskPage> {
  return get<TaskPage>('/v1/tasks', { tool: toolId, page }, { silent: true });
}

export function cancelTask(taskId: string): Promise<unknown> {
  return post<unknown>(`${taskPath(taskId)}/cancel`);
}

export function retryTask(taskId: string): Promise<{ task_id: string }> {
  return post<{ task_id: string }>(`${taskPath(taskId)}/retry`);
}

/**
 * Follow a task's events (GET /api/v1/tasks/{id}/events) and call onTask for each `task` event.
 * Resolves with the last state seen when the stream ends (after a terminal state, or cut); rejects
 * when the stream cannot be opened, so the caller falls back to polling. The session travels in
 * headers, which EventSource cannot send: hence fetch and a parser.
 */
export async function followTaskEvents(taskId: string, onTask: (task: TaskInfo) => void, signal: AbortSignal): Promise<TaskInfo | null> {
  const res = await fetch(apiUrl(`${taskPath(taskId)}/events`), {
    headers: { Accept: 'text/event-stream', ...authHeaders() },
    signal,
    credentials: 'same-origin',
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !res.body || !type.includes('text/event-stream')) throw new Error(`task events refused (${res.status})`);
  let last: TaskInfo | null = null;
  const parser = createParser({
    onEvent(msg) {
      if (msg.event !== 'task') return;
      try {
        last = JSON.parse(msg.data) as TaskInfo;
      } catch {
        return;
      }
      onTask(last);
    },
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (last && isTerminalTaskState((last as TaskInfo).status)) break;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  return last;
}
