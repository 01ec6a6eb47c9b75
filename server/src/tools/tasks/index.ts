import type { AppContext } from '../../context';
import type { TaskHandler } from '../../jobs';
import { slidesFileHandler } from '../../modules/slides/build-task';
import { imgEffectHandler } from './img-effect';

/**
 * The server halves of the task tools (and internal long work), by name. Adding a task tool is
 * one ToolSpec in contract/src/tools/effects.ts plus one handler here.
 */
export type TaskHandlersContext = Pick<AppContext, 'database' | 'storage' | 'llm' | 'config'>;

export function taskHandlers(ctx: TaskHandlersContext): TaskHandler[] {
  return [imgEffectHandler(ctx), slidesFileHandler(ctx)];
}

export function findTaskHandler(ctx: TaskHandlersContext, name: string): TaskHandler | undefined {
  return taskHandlers(ctx).find((h) => h.name === name);
}
