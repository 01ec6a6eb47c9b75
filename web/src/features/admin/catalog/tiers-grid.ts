/**
 * The tiers document (server/catalog/tiers.json) as the console's grid: one row per quota key, one column per level,
 * each cell that level's daily count (-1 unlimited, 0 none). Only the counts change; everything else in the document
 * (comments, level names, fallbackMemberVip, keys the grid does not know) is kept as it was.
 */

export interface TiersLevel {
  vip: number;
  name: string;
  daily: Record<string, number>;
}

export interface TiersContent {
  quotaKeys: Record<string, string>;
  levels: TiersLevel[];
  [other: string]: unknown;
}

export interface GridRow {
  key: string;
  label: string;
  /** Daily count by level vip. */
  counts: Record<number, number>;
}

/** Whether a document's content has the shape the grid edits (else the page falls back to the JSON editor). */
export function isTiersContent(v: unknown): v is TiersContent {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const c = v as Partial<TiersContent>;
  return (
    !!c.quotaKeys &&
    typeof c.quotaKeys === 'object' &&
    Array.isArray(c.levels) &&
    c.levels.every((l) => l && typeof l.vip === 'number' && typeof l.name === 'string' && !!l.daily && typeof l.daily === 'object')
  );
}

/** The rows of the grid, in the document's key order; a count the level leaves out reads as 0 (none). */
export function gridRows(content: TiersContent): GridRow[] {
  return Object.entries(content.quotaKeys).map(([key, label]) => ({
    key,
    label,
    counts: Object.fromEntries(content.levels.map((l) => [l.vip, l.daily[key] ?? 0])),
  }));
}

/** The document with one cell changed (a new object: the loaded content stays as the server sent it). */
export function withCount(content: TiersContent, key: string, vip: number, count: number): TiersContent {
  return {
    ...content,
    levels: content.levels.map((l) => (l.vip === vip ? { ...l, daily: { ...l.daily, [key]: count } } : l)),
  };
}

/** The cells that differ between two versions of the document, as "key@vip" (the page marks them until saved). */
export function changedCells(before: TiersContent, after: TiersContent): Set<string> {
  const out = new Set<string>();
  for (const row of gridRows(after)) {
    const old = before.levels.map((l) => [l.vip, l.daily[row.key] ?? 0] as const);
    for (const [vip, n] of old) if ((row.counts[vip] ?? 0) !== n) out.add(`${row.key}@${vip}`);
  }
  return out;
}

/** JSON text of an editor, parsed; answers the parse error's message instead of throwing. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}
