import type { TaskHandler } from '../../../jobs';
import type { TaskHandlersContext } from '../index';

/** The voice part of the media family: its task tools' handlers. */
export function voiceHandlers(_ctx: TaskHandlersContext): TaskHandler[] {
  return [];
}
