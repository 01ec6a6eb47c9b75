import type { ChatMessage } from './chat-state';

/**
 * Branches (issue 17): a session's messages form a tree. Each message follows its `parentId` ('' opens
 * the conversation); a message without one (saved before branches) follows the one before it in the
 * list. Messages with the same parent are siblings: an edited question beside the first one, a
 * regenerated answer beside the earlier answers. The page shows one path from the root, picking at each
 * fork the sibling in `picks` (parent key → child id) or else the newest one.
 */
export type BranchPicks = Record<string, string>;

/** The root's key: the parent of the conversation's first questions. */
export const ROOT = '';

/** The key of the message `data[i]` follows. */
export function parentKey(data: readonly ChatMessage[], i: number): string {
  const m = data[i];
  if (m?.parentId !== undefined) return m.parentId;
  return i > 0 ? (data[i - 1]?.id ?? ROOT) : ROOT;
}

/** Children of each parent key, in the list's order (oldest first). */
export function childrenByParent(data: readonly ChatMessage[]): Map<string, ChatMessage[]> {
  const out = new Map<string, ChatMessage[]>();
  data.forEach((m, i) => {
    const key = parentKey(data, i);
    const list = out.get(key);
    if (list) list.push(m);
    else out.set(key, [m]);
  });
  return out;
}

/** The shown conversation: from the root, the picked (or newest) child at every fork. */
export function visiblePath(data: readonly ChatMessage[], picks: BranchPicks = {}): ChatMessage[] {
  const children = childrenByParent(data);
  const path: ChatMessage[] = [];
  const seen = new Set<string>();
  let key = ROOT;
  for (;;) {
    const kids = children.get(key);
    if (!kids?.length) break;
    const next = kids.find((k) => k.id === picks[key]) ?? (kids.at(-1) as ChatMessage);
    // A broken tree (a message naming itself or an ancestor) ends the path instead of looping.
    if (seen.has(next.id)) break;
    seen.add(next.id);
    path.push(next);
    key = next.id;
  }
  return path;
}

/** The visible path up to and including `key` (all of it before the first question for ROOT). */
export function pathThrough(path: readonly ChatMessage[], key: string): ChatMessage[] {
  if (key === ROOT) return [];
  const at = path.findIndex((m) => m.id === key);
  return at < 0 ? [...path] : path.slice(0, at + 1);
}

/** Where a message stands among its siblings, for the `< 2/3 >` switcher. */
export interface SiblingPlace {
  parent: string;
  ids: string[];
  /** 0-based. */
  index: number;
}

export function siblingPlace(data: readonly ChatMessage[], id: string): SiblingPlace | undefined {
  const i = data.findIndex((m) => m.id === id);
  if (i < 0) return undefined;
  const parent = parentKey(data, i);
  const ids = data.filter((_, j) => parentKey(data, j) === parent).map((m) => m.id);
  return { parent, ids, index: ids.indexOf(id) };
}

/** The picks after showing the sibling `step` places away (-1 previous, +1 next); unchanged at an end. */
export function switchSibling(data: readonly ChatMessage[], picks: BranchPicks, id: string, step: number): BranchPicks {
  const place = siblingPlace(data, id);
  const target = place?.ids[place.index + step];
  if (!place || !target) return picks;
  return { ...picks, [place.parent]: target };
}

/** The id the server knows a message by: an answer's is the `meta` messageId of its stream. */
export function serverId(m: ChatMessage): string {
  return m.target === 'assistant' && m.streamId ? m.streamId : m.id;
}
