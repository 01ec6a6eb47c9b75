import type { ToolSpec } from './spec';

/** 语音合成、声音克隆、我的作品 (AiVioce): the registry entries of this part of the media family (media.ts). */
export const VOICE_TOOLS: readonly ToolSpec[] = [];
