/**
 * The model groups document (server/catalog/groups.json, GroupsFileSchema in server/src/catalog/schema.ts, checked
 * with the models by buildCatalog in server/src/catalog/index.ts) as the console's ordered table and a drawer per
 * group. The server's rules: at least one group; a key /^[a-z][a-z0-9_-]*$/ no other group has; a label; an icon
 * under /model-icons/; at least one model, each a key of the models document. Fields the form does not show are kept.
 */

/** GroupsFileSchema's key rule. */
export const GROUP_KEY_RE = /^[a-z][a-z0-9_-]*$/;
/** The schema's iconPath rule. */
export const GROUP_ICON_RE = /^\/model-icons\/[a-z0-9-]+\.svg$/;

export interface ModelGroupDoc {
  key: string;
  label: string;
  icon: string;
  models: string[];
  [field: string]: unknown;
}

export interface GroupsContent {
  groups: ModelGroupDoc[];
  [other: string]: unknown;
}

export interface ModelGroupValues {
  key: string;
  label: string;
  icon: string;
  models: string[];
}

export function isGroupsContent(v: unknown): v is GroupsContent {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const groups = (v as { groups?: unknown }).groups;
  return (
    Array.isArray(groups) &&
    groups.every((g) => !!g && typeof g === 'object' && typeof (g as ModelGroupDoc).key === 'string' && Array.isArray((g as ModelGroupDoc).models))
  );
}

export const modelGroupValuesOf = (g: ModelGroupDoc): ModelGroupValues => ({
  key: g.key,
  label: typeof g.label === 'string' ? g.label : '',
  icon: typeof g.icon === 'string' ? g.icon : '',
  models: [...g.models],
});

/** The group with the form's values; fields the form does not show are kept from `before`, in their place. */
export function modelGroupWithValues(before: ModelGroupDoc | undefined, v: ModelGroupValues): ModelGroupDoc {
  return { ...before, key: v.key.trim(), label: v.label.trim(), icon: v.icon.trim(), models: v.models.map((k) => k.trim()).filter(Boolean) };
}

/** The document with the group saved: in place at `index`, or added at the end when `index` is null. */
export function withModelGroup(content: GroupsContent, index: number | null, v: ModelGroupValues): GroupsContent {
  const group = modelGroupWithValues(index === null ? undefined : content.groups[index], v);
  const groups = index === null ? [...content.groups, group] : content.groups.map((g, i) => (i === index ? group : g));
  return { ...content, groups };
}

export const withoutModelGroup = (content: GroupsContent, index: number): GroupsContent => ({ ...content, groups: content.groups.filter((_, i) => i !== index) });

/** The document with the group at `index` moved one place up (-1) or down (+1): the pickers show groups in list order. */
export function withModelGroupMoved(content: GroupsContent, index: number, by: -1 | 1): GroupsContent {
  const to = index + by;
  if (to < 0 || to >= content.groups.length) return content;
  const groups = [...content.groups];
  [groups[index], groups[to]] = [groups[to]!, groups[index]!];
  return { ...content, groups };
}

/** A new group's starting values: a free placeholder key, the default icon, no models yet (the form asks for one). */
export function newModelGroupValues(content: GroupsContent, label: string): ModelGroupValues {
  const taken = new Set(content.groups.map((g) => g.key));
  let key = 'group';
  for (let n = 2; taken.has(key); n++) key = `group-${n}`;
  return { key, label, icon: '/model-icons/default.svg', models: [] };
}

/** The listed models the models document does not have (none when it could not be read: the server then checks). */
export function unknownModels(models: readonly string[], known: ReadonlySet<string> | null): string[] {
  if (!known) return [];
  return models.filter((k) => !known.has(k.trim()));
}

/**
 * Whether the server's refusal names the group at `index`: its zod path (`groups.json: groups.3.icon: …`) or its quoted
 * key (`group "chat4" (Chat4.0) lists unknown model "x"`, `duplicate group key "chat4"`).
 */
export function modelGroupNamed(problem: string | null, index: number, g: ModelGroupDoc | undefined): boolean {
  if (!problem || !g) return false;
  return new RegExp(`(^|[^A-Za-z0-9_.])groups\\.${index}\\.`).test(problem) || problem.includes(`group key "${g.key}"`) || problem.includes(`group "${g.key}"`);
}
