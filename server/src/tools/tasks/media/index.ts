import type { TaskHandler } from '../../../jobs';
import type { TaskHandlersContext } from '../handlers-context';
import { musicHandlers } from './music';
import { talkHandlers } from './talk';
import { videoEditHandlers } from './video-edit';
import { videoHandlers } from './video';
import { voiceHandlers } from './voice';

/** The media family's task handlers (issue 15), one file per part, each answering its tools' handlers. */
export function mediaHandlers(ctx: TaskHandlersContext): TaskHandler[] {
  return [...voiceHandlers(ctx), ...talkHandlers(ctx), ...musicHandlers(ctx), ...videoHandlers(ctx), ...videoEditHandlers(ctx)];
}
