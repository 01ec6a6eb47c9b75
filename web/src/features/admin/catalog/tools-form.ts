import { TOOLS, type ToolKind, type ToolOverride, type ToolOverridesFile } from '@wanxiang/contract';

/**
 * The tools document (server/catalog/tools.json) as the console's table: one row per tool of the registry the web
 * bundles, showing the setting in force (the override, else the registry's value). An edit writes only what differs
 * from the registry, so a value set back to its default leaves the file as if never touched, and `_comment` and any
 * entry the table does not show are kept.
 */

export interface ToolRow {
  id: string;
  title: string;
  icon: string;
  kind: ToolKind;
  path: string;
  enabled: boolean;
  points: number;
  quotaKey: string;
  /** The registry's own price and key (shown as the default). */
  defaults: { points: number; quotaKey: string };
  overridden: boolean;
}

export type ToolSettingPatch = Partial<{ enabled: boolean; points: number; quotaKey: string }>;

export function isToolsContent(v: unknown): v is ToolOverridesFile {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const tools = (v as { tools?: unknown }).tools;
  return !!tools && typeof tools === 'object' && !Array.isArray(tools);
}

export function toolRows(content: ToolOverridesFile): ToolRow[] {
  return TOOLS.map((t) => {
    const o: ToolOverride | undefined = content.tools[t.id];
    return {
      id: t.id,
      title: t.title,
      icon: t.icon,
      kind: t.kind,
      path: t.paths[0] ?? '',
      enabled: o?.enabled !== false,
      points: o?.points ?? t.points,
      quotaKey: o?.quotaKey ?? t.quotaKey,
      defaults: { points: t.points, quotaKey: t.quotaKey },
      overridden: !!o && Object.keys(o).length > 0,
    };
  });
}

/** The document with one tool's settings changed; fields equal to the registry's are left out, an empty entry removed. */
export function withToolSetting(content: ToolOverridesFile, id: string, patch: ToolSettingPatch): ToolOverridesFile {
  const tool = TOOLS.find((t) => t.id === id);
  if (!tool) return content;
  const next: ToolOverride = { ...content.tools[id], ...patch };
  if (next.enabled !== false) delete next.enabled;
  if (next.points === tool.points) delete next.points;
  // '' is the registry's "not metered"; the file only takes real keys, so going back to it means the default.
  if (next.quotaKey === tool.quotaKey || next.quotaKey === '') delete next.quotaKey;
  const tools = { ...content.tools };
  if (Object.keys(next).length === 0) delete tools[id];
  else tools[id] = next;
  return { ...content, tools };
}

/** The document without any setting for the tool (it runs as the registry says). */
export function withoutToolSetting(content: ToolOverridesFile, id: string): ToolOverridesFile {
  const tools = { ...content.tools };
  delete tools[id];
  return { ...content, tools };
}

/** Rows matching a search word (title or id) and a kind ('' = all). */
export function filterToolRows(rows: readonly ToolRow[], word: string, kind: ToolKind | ''): ToolRow[] {
  const w = word.trim().toLowerCase();
  return rows.filter((r) => (!kind || r.kind === kind) && (!w || r.title.toLowerCase().includes(w) || r.id.toLowerCase().includes(w)));
}
