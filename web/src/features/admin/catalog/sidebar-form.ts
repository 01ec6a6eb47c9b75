/**
 * The sidebar document (server/catalog/sidebar.json, contract SidebarFileSchema, checked by parseSidebarFile in
 * server/src/modules/sidebar/load.ts) as the console's ordered table of groups and a drawer per group with its
 * ordered children. Banners, carousels and red-dot versions are kept as they are (edited in 高级); so is every
 * field of a group or child that the form does not show.
 */

export const SIDEBAR_KEY_RE = /^[A-Za-z0-9._-]{1,64}$/;
export const SIDEBAR_ROUTE_RE = /^\/[^\s]*$/;

export interface SidebarChildDoc {
  key: string;
  /** Left out where the tool registry's title at the path is the label. */
  label?: string;
  path: string;
  premium?: boolean;
  [field: string]: unknown;
}

export interface SidebarGroupDoc {
  key: string;
  label: string;
  icon: string;
  path?: string;
  section?: string;
  hideInDesktopClient?: boolean;
  children: SidebarChildDoc[];
  [field: string]: unknown;
}

export interface SidebarContent {
  ai_amuse: boolean;
  carouselIntervalMs: number;
  groups: SidebarGroupDoc[];
  [other: string]: unknown;
}

/** A child in the drawer: the child as the file has it (so fields the form does not show ride along). */
export type SidebarChildValues = SidebarChildDoc;

export interface SidebarGroupValues {
  key: string;
  label: string;
  icon: string;
  path: string;
  section: string;
  hideInDesktopClient: boolean;
  children: SidebarChildValues[];
}

export function isSidebarContent(v: unknown): v is SidebarContent {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const groups = (v as { groups?: unknown }).groups;
  return Array.isArray(groups) && groups.every((g) => !!g && typeof g === 'object' && typeof (g as SidebarGroupDoc).key === 'string' && ((g as SidebarGroupDoc).children === undefined || Array.isArray((g as SidebarGroupDoc).children)));
}

export const groupValuesOf = (g: SidebarGroupDoc): SidebarGroupValues => ({
  key: g.key,
  label: g.label ?? '',
  icon: g.icon ?? '',
  path: g.path ?? '',
  section: g.section ?? '',
  hideInDesktopClient: g.hideInDesktopClient ?? false,
  // The schema defaults a missing children list to [].
  children: (g.children ?? []).map((c) => ({ ...c, label: c.label ?? '' })),
});

/** Sets an optional field, or drops it when empty / false and the file did not write it. */
function setOptional(o: Record<string, unknown>, field: string, value: string | boolean, had: boolean) {
  if (value || (value === false && had)) o[field] = value;
  else delete o[field];
}

export function childWithValues(c: SidebarChildValues): SidebarChildDoc {
  const out: SidebarChildDoc = { ...c, key: c.key.trim(), path: c.path.trim() };
  setOptional(out, 'label', (c.label ?? '').trim(), false);
  // An untouched switch of a child without the flag stays unwritten; a flag the file wrote keeps its new value.
  if (c.premium === undefined) delete out.premium;
  return out;
}

/** The group with the form's values, fields it does not show (dot, carousel…) kept from `before`. */
export function groupWithValues(before: SidebarGroupDoc | undefined, v: SidebarGroupValues): SidebarGroupDoc {
  const g: SidebarGroupDoc = { ...before, key: v.key.trim(), label: v.label.trim(), icon: v.icon.trim(), children: (v.children ?? []).map(childWithValues) };
  setOptional(g, 'path', v.path.trim(), false);
  setOptional(g, 'section', v.section.trim(), false);
  setOptional(g, 'hideInDesktopClient', v.hideInDesktopClient, before?.hideInDesktopClient !== undefined);
  return g;
}

/** The document with the group saved: in place at `index`, or added at the end when `index` is null. */
export function withGroup(content: SidebarContent, index: number | null, v: SidebarGroupValues): SidebarContent {
  const group = groupWithValues(index === null ? undefined : content.groups[index], v);
  const groups = index === null ? [...content.groups, group] : content.groups.map((g, i) => (i === index ? group : g));
  return { ...content, groups };
}

export const withoutGroup = (content: SidebarContent, index: number): SidebarContent => ({ ...content, groups: content.groups.filter((_, i) => i !== index) });

/** The document with the group at `index` moved one place up (-1) or down (+1): the sidebar's order is the list's. */
export function withGroupMoved(content: SidebarContent, index: number, by: -1 | 1): SidebarContent {
  const to = index + by;
  if (to < 0 || to >= content.groups.length) return content;
  const groups = [...content.groups];
  [groups[index], groups[to]] = [groups[to]!, groups[index]!];
  return { ...content, groups };
}

export function newGroupValues(content: SidebarContent, label: string): SidebarGroupValues {
  const taken = new Set(content.groups.map((g) => g.key));
  let key = 'group';
  for (let n = 2; taken.has(key); n++) key = `group-${n}`;
  return { key, label, icon: 'other', path: '', section: '', hideInDesktopClient: false, children: [] };
}

/**
 * Whether the server's refusal names the group at `index`: its path (`groups[3] (智能体).children[1].path`) or its
 * quoted key (`duplicate group key "chat"`, `group "chat" has duplicate child key …`).
 */
export function groupNamed(problem: string | null, index: number, g: SidebarGroupDoc | undefined): boolean {
  if (!problem || !g) return false;
  return problem.includes(`groups[${index}]`) || problem.includes(`group key "${g.key}"`) || problem.includes(`group "${g.key}"`);
}

/** The child and field a refusal names (`children[1].path`, `duplicate child key "x"`), to show it under that box. */
export function childFieldNamed(problem: string | null, children: readonly SidebarChildDoc[]): { index: number; field: string } | null {
  if (!problem) return null;
  const at = /children\[(\d+)\](?: \([^)]*\))?\.(key|label|path)/.exec(problem);
  if (at) return { index: Number(at[1]), field: at[2]! };
  const dup = /duplicate child key "([^"]+)"/.exec(problem);
  if (dup) {
    const index = children.findLastIndex((c) => c.key === dup[1]);
    if (index >= 0) return { index, field: 'key' };
  }
  return null;
}
