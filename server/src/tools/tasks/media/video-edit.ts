import type { TaskHandler } from '../../../jobs';
import type { TaskHandlersContext } from '../index';

/** The video-edit part of the media family: its task tools' handlers. */
export function videoEditHandlers(_ctx: TaskHandlersContext): TaskHandler[] {
  return [];
}
