import type { ToolSpec } from './spec';

/** /aiGenerate/*: the generators (prompt tools, and image effects as a task tool). */
export const GENERATE_TOOLS: readonly ToolSpec[] = [];
