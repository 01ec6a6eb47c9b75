import type { ToolSpec } from './spec';

/** 语音对话 (voicetalk, voicethree, audiotalk): the registry entries of this part of the media family (media.ts). */
export const TALK_TOOLS: readonly ToolSpec[] = [];
