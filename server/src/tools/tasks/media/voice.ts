import type { TaskHandler } from '../../../jobs';
import type { TaskHandlersContext } from '../handlers-context';
import { cloneHandler } from './voice-tools/clone';
import { ttsHandler } from './voice-tools/speak';

/**
 * The voice part of the media family (contract/src/tools/media-voice.ts): text to speech through
 * ctx.speech (a vendor or the espeak-ng demo voice) with the user's clones, and voice cloning.
 */
export function voiceHandlers(ctx: TaskHandlersContext): TaskHandler[] {
  return [ttsHandler(ctx), cloneHandler(ctx)];
}
