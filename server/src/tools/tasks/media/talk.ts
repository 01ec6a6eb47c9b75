import type { TaskHandler } from '../../../jobs';
import type { TaskHandlersContext } from '../handlers-context';

/** The talk part of the media family: its task tools' handlers. */
export function talkHandlers(_ctx: TaskHandlersContext): TaskHandler[] {
  return [];
}
