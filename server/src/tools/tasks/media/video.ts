import { VIDEO_IMAGE_ID, VIDEO_TEMPLATE_OF, VIDEO_TEXT_ID } from '@wanxiang/contract';
import type { TaskHandler } from '../../../jobs';
import type { TaskHandlersContext } from '../handlers-context';
import { generationHandler, templateHandler } from './video-gen/generate';

/**
 * The video part of the media family (contract/src/tools/media-video.ts): text and image to video
 * through the video backend (infra/video: a vendor of videos.json, or the ffmpeg demo film), and
 * the vendor templates, each refused at submit unless a configured vendor offers it.
 */
export function videoHandlers(ctx: TaskHandlersContext): TaskHandler[] {
  return [
    generationHandler(ctx, VIDEO_TEXT_ID),
    generationHandler(ctx, VIDEO_IMAGE_ID),
    ...(Object.keys(VIDEO_TEMPLATE_OF) as (keyof typeof VIDEO_TEMPLATE_OF)[]).map((id) => templateHandler(ctx, id)),
  ];
}
