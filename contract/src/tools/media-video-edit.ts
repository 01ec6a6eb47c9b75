import type { ToolSpec } from './spec';

/** 字幕、配音、提取音频、高清修复 (video, AICreateVideo, AiVideo): the registry entries of this part of the media family (media.ts). */
export const VIDEO_EDIT_TOOLS: readonly ToolSpec[] = [];
