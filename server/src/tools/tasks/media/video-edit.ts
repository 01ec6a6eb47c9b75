import { VIDEO_CLARITY_ID, VIDEO_DUB_ID, VIDEO_EXTRACT_AUDIO_ID, VIDEO_INTERPOLATE_ID, VIDEO_MATTING_ID, VIDEO_SUBTITLE_ID } from '@wanxiang/contract';
import type { TaskHandler } from '../../../jobs';
import type { TaskHandlersContext } from '../handlers-context';
import { dubHandler } from './video-edit-tools/dub';
import { localVideoHandler } from './video-edit-tools/enhance';
import { extractHandler } from './video-edit-tools/extract';
import { subtitleHandler } from './video-edit-tools/subtitle';

/**
 * The video-edit part of the media family (contract/src/tools/media-video-edit.ts): subtitles,
 * dubbing, audio extraction, clarity, matting and frame interpolation, all ffmpeg work on our own
 * machines (speech through ctx.stt and ctx.speech).
 */
export function videoEditHandlers(ctx: TaskHandlersContext): TaskHandler[] {
  return [
    subtitleHandler(ctx, VIDEO_SUBTITLE_ID),
    dubHandler(ctx, VIDEO_DUB_ID),
    extractHandler(ctx, VIDEO_EXTRACT_AUDIO_ID),
    localVideoHandler(ctx, VIDEO_CLARITY_ID, 'clarity'),
    localVideoHandler(ctx, VIDEO_MATTING_ID, 'matting'),
    localVideoHandler(ctx, VIDEO_INTERPOLATE_ID, 'interpolate'),
  ];
}
