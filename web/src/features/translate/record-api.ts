import type { TaskInfo, ToolRunsRes } from '@wanxiang/contract';
import { get, post } from '../../api/request';

/**
 * 翻译记录's reads (docs/api.md "Tools" and "Tasks", ?group=): the caller's runs and tasks of every
 * tool in the group 'translate', newest first. Silent: the page shows its own empty and error states.
 */
export const RECORD_ROWS = 20;

export function fetchTranslateRuns(page: number): Promise<ToolRunsRes> {
  return get<ToolRunsRes>('/v1/tools/runs', { group: 'translate', page, rows: RECORD_ROWS }, { silent: true });
}

export function fetchTranslateTasks(page: number): Promise<{ list: TaskInfo[]; total: number }> {
  return get<{ list: TaskInfo[]; total: number }>('/v1/tasks', { group: 'translate', page }, { silent: true });
}

/** An ended task and the files it produced (POST /api/v1/tasks/{id}/delete); a live one must be canceled first. */
export function deleteTranslateTask(taskId: string): Promise<unknown> {
  return post<unknown>(`/v1/tasks/${encodeURIComponent(taskId)}/delete`);
}
