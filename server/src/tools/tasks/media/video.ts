import type { TaskHandler } from '../../../jobs';
import type { TaskHandlersContext } from '../index';

/** The video part of the media family: its task tools' handlers. */
export function videoHandlers(_ctx: TaskHandlersContext): TaskHandler[] {
  return [];
}
