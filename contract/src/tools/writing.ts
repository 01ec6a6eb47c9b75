import type { ToolSpec } from './spec';

/** /AiWriter/*: the writing tools (prompt tools). */
export const WRITING_TOOLS: readonly ToolSpec[] = [];
