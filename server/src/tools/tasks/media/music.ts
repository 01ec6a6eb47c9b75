import type { TaskHandler } from '../../../jobs';
import type { TaskHandlersContext } from '../index';

/** The music part of the media family: its task tools' handlers. */
export function musicHandlers(_ctx: TaskHandlersContext): TaskHandler[] {
  return [];
}
