import type { ToolSpec } from './spec';

/** AI音乐 (AIMusic): the registry entries of this part of the media family (media.ts). */
export const MUSIC_TOOLS: readonly ToolSpec[] = [];
