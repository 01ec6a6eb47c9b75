import { TASK_TOOLS } from './effects';
import { GENERATE_TOOLS } from './generate';
import { PAGE_ENTRIES } from './pages';
import type { ToolSpec } from './spec';
import { WRITING_TOOLS } from './writing';

export * from './spec';
export * from './inputs';
export { PROMPT_TOOL_MODELS } from './models';
export * from './runs';
export { PENDING_ROUTES, type PendingRoute } from './pending';
export { registryDescriptionOf, registryTitleOf } from './titles';

export * from './task';
export * from './effects';
/** The whole registry: every tool and built page. Ids are unique, paths belong to one entry. */
export const TOOLS: readonly ToolSpec[] = [...GENERATE_TOOLS, ...TASK_TOOLS, ...WRITING_TOOLS, ...PAGE_ENTRIES];

const byId = new Map(TOOLS.map((t) => [t.id, t]));
const byPath = new Map(TOOLS.flatMap((t) => t.paths.map((p) => [p, t] as const)));

export function toolById(id: string): ToolSpec | undefined {
  return byId.get(id);
}

export function toolByPath(path: string): ToolSpec | undefined {
  return byPath.get(path);
}
