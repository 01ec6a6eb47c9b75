import type { TaskFile } from '@wanxiang/contract';
import type { AppContext } from '../../../context';
import type { TaskRow, TaskRunTools } from '../../../jobs';
import { storeTaskFile } from '../../../modules/tasks/lifecycle';

/**
 * The tools a task handler gets from the engine, for tests that run a handler directly (no
 * queue): files are really stored (as the worker stores them), and everything the handler
 * reported is kept in `seen` to check. One helper for every handler test.
 */
export function recordingTools(ctx: Pick<AppContext, 'database' | 'storage'>, task: TaskRow) {
  const save = storeTaskFile(ctx);
  const seen = { progress: [] as number[], stages: [] as string[], vendor: [] as unknown[], saved: [] as TaskFile[] };
  const tools: TaskRunTools = {
    signal: new AbortController().signal,
    progress: async (pct, stage) => {
      seen.progress.push(pct);
      if (stage) seen.stages.push(stage);
    },
    saveFile: async (file) => {
      const saved = await save(task, file);
      seen.saved.push(saved);
      return saved;
    },
    setVendor: async (data) => void seen.vendor.push(data),
  };
  return { tools, seen };
}
