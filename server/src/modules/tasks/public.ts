import type { TaskInfo } from '@wanxiang/contract';
import type { TaskRow } from '../../jobs';

/** The task as its owner sees it: no vendor data, no lease, no hold. */
export function toTaskInfo(row: TaskRow): TaskInfo {
  return {
    task_id: row.id,
    tool: row.toolId,
    status: row.state,
    progress: row.progress,
    stage: row.stage,
    ...(row.error ? { error: row.error } : {}),
    // While a partial-results task runs, `result.files` lists the files saved so far.
    ...(row.result ? { result: { files: row.result.files, ...(row.result.text !== undefined ? { text: row.result.text } : {}) } } : {}),
    inputs: row.inputs,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
