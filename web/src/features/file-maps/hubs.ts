import { toolById, type ToolSpec } from '@wanxiang/contract';

/**
 * The cards of the two hubs (docs/product/mindmap-and-slides.md §11): the existing text tool first, then the file
 * tools, each read from the registry so a title or description changes in one place.
 */
export const MAP_HUB_IDS = ['mindMap', 'docMindMap', 'audioMindMap'] as const;
export const PPT_HUB_IDS = ['slides', 'docPpt', 'oldPpt'] as const;

export function hubCards(ids: readonly string[]) {
  return ids
    .map((id) => toolById(id))
    .filter((t): t is ToolSpec => Boolean(t))
    .map((t) => ({ id: t.id, title: t.title, description: t.description, icon: t.icon, path: t.paths[0]!, kind: t.kind }));
}
