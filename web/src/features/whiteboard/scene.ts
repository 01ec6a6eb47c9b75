import type { WhiteboardScene } from '@wanxiang/contract';

/**
 * What a board saves of Excalidraw's state, and where generated shapes go. Kept free of the
 * library's runtime so it stays cheap to test: elements are handled as plain records.
 */

/** An element as far as this file cares: position, size and the deleted flag. */
export interface PlacedElement {
  x: number;
  y: number;
  width: number;
  height: number;
  isDeleted?: boolean;
}

/** The appState fields a board restores; everything else (zoom, selection, open menus) is per visit. */
const KEPT_APP_STATE = ['viewBackgroundColor', 'gridModeEnabled'] as const;

export function toSavedScene(elements: readonly object[], appState: Record<string, unknown>): WhiteboardScene {
  const kept: Record<string, unknown> = {};
  for (const k of KEPT_APP_STATE) if (appState[k] !== undefined) kept[k] = appState[k];
  // Deleted elements are only Excalidraw's undo history: not worth storing.
  const live = elements.filter((e) => !(e as { isDeleted?: boolean }).isDeleted) as Record<string, unknown>[];
  return { elements: live, appState: kept };
}

/** Gap between the board's existing content and a newly generated diagram. */
export const INSERT_GAP = 120;

/**
 * How far to move a generated diagram so it lands to the right of what is already on the board,
 * top-aligned with it; at the origin on an empty board.
 */
export function insertOffset(existing: readonly PlacedElement[], added: readonly PlacedElement[]): { dx: number; dy: number } {
  const live = existing.filter((e) => !e.isDeleted);
  if (added.length === 0) return { dx: 0, dy: 0 };
  const addedMinX = Math.min(...added.map((e) => Math.min(e.x, e.x + e.width)));
  const addedMinY = Math.min(...added.map((e) => Math.min(e.y, e.y + e.height)));
  if (live.length === 0) return { dx: -addedMinX, dy: -addedMinY };
  const maxX = Math.max(...live.map((e) => Math.max(e.x, e.x + e.width)));
  const minY = Math.min(...live.map((e) => Math.min(e.y, e.y + e.height)));
  return { dx: maxX + INSERT_GAP - addedMinX, dy: minY - addedMinY };
}
