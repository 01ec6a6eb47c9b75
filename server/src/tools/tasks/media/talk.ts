import type { TaskHandler } from '../../../jobs';
import type { TaskHandlersContext } from '../index';

/** The talk part of the media family: its task tools' handlers. */
export function talkHandlers(_ctx: TaskHandlersContext): TaskHandler[] {
  return [];
}
