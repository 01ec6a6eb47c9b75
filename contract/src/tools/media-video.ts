import type { ToolSpec } from './spec';

/** 文生视频、图生视频与视频模板 (video, AICreateVideo, AiVideo): the registry entries of this part of the media family (media.ts). */
export const VIDEO_TOOLS: readonly ToolSpec[] = [];
