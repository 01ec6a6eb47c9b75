import { MSG, TOOLS, toolById, ToolOverridesFileSchema, type ToolOverride, type ToolSettings, type ToolSpec } from '@wanxiang/contract';
import { CatalogError } from '../../catalog';
import { liveValueOf, type LiveSpec, type LiveValueHost } from '../../catalog/documents/live';
import { badRequest } from '../../http/errors';

/**
 * The operator's settings over the tool registry (tools.json, or the copy saved in the admin console): per tool id,
 * whether it runs, its points price and the quota key a run counts on. The registry (contract/src/tools) stays the
 * one description of a tool; what the server charges is the registry entry with its override applied here.
 */
export type ToolOverrides = ReadonlyMap<string, ToolOverride>;

/** Check tools.json: its shape, and that every id is a tool of the registry (a typo must not silently override nothing). */
export function parseToolOverrides(json: unknown, where = 'tools.json'): ToolOverrides {
  const parsed = ToolOverridesFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new CatalogError(
      `${where}: ${parsed.error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  }
  const out = new Map<string, ToolOverride>();
  for (const [id, override] of Object.entries(parsed.data.tools)) {
    const tool = toolById(id);
    if (!tool) throw new CatalogError(`${where}: tools.${id}: unknown tool id (not in the tool registry)`);
    // A page's feature charges by its own rules, so a price here would be shown and never charged.
    if (tool.kind === 'page' && (override.points !== undefined || override.quotaKey !== undefined)) {
      throw new CatalogError(`${where}: tools.${id}: a page, not a runnable tool: only enabled applies (its feature's price is its own)`);
    }
    out.set(id, override);
  }
  return out;
}

export const TOOL_OVERRIDES_SPEC: LiveSpec<ToolOverrides> = { documents: ['tools'], build: (read) => parseToolOverrides(read('tools')) };

/** The overrides in force for this app, rebuilt when tools.json is saved or reset. */
export function toolOverridesOf(ctx: LiveValueHost): ToolOverrides {
  return liveValueOf(ctx, 'tools.overrides', TOOL_OVERRIDES_SPEC);
}

/** The registry entry with its override's price and quota key. */
export function withOverride(tool: ToolSpec, override: ToolOverride | undefined): ToolSpec {
  if (!override || (override.points === undefined && override.quotaKey === undefined)) return tool;
  return { ...tool, points: override.points ?? tool.points, quotaKey: override.quotaKey ?? tool.quotaKey };
}

/** The whole registry as the server charges it under `overrides` (the boot check of the registry runs on this). */
export function effectiveRegistry(overrides: ToolOverrides): ToolSpec[] {
  return TOOLS.map((t) => withOverride(t, overrides.get(t.id)));
}

/** The tool as a run of it is charged now; a tool the operator switched off is refused before anything is held. */
export function runnableSpec(ctx: LiveValueHost, tool: ToolSpec): ToolSpec {
  const override = toolOverridesOf(ctx).get(tool.id);
  if (override?.enabled === false) throw badRequest(MSG.toolDisabled);
  return withOverride(tool, override);
}

/** GET /api/v1/tools/overrides: the settings in force of every overridden tool. */
export function toolSettings(ctx: LiveValueHost): Record<string, ToolSettings> {
  const out: Record<string, ToolSettings> = {};
  for (const [id, override] of toolOverridesOf(ctx)) {
    const tool = withOverride(toolById(id)!, override);
    out[id] = { enabled: override.enabled !== false, points: tool.points, quotaKey: tool.quotaKey };
  }
  return out;
}
