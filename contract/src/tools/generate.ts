import { GENERATE_LIFE_TOOLS } from './generate-life';
import { GENERATE_WORK_TOOLS } from './generate-work';
import type { ToolSpec } from './spec';

/** /aiGenerate/*: the generators (prompt tools). Image effects, a task tool, live in effects.ts. */
export const GENERATE_TOOLS: readonly ToolSpec[] = [...GENERATE_LIFE_TOOLS, ...GENERATE_WORK_TOOLS];
