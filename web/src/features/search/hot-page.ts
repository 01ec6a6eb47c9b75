/** Hot-list paging (docs/product/search.md §2, §9): 10 entries a page; 换一换 moves on and wraps round. */
export const HOT_PAGE_SIZE = 10;
export const HOT_CYCLE_MS = 500;

export function hotPage(list: string[], page: number, size = HOT_PAGE_SIZE): { start: number; items: string[] } {
  if (list.length === 0) return { start: 0, items: [] };
  const pages = Math.ceil(list.length / size);
  const p = ((page % pages) + pages) % pages;
  return { start: p * size, items: list.slice(p * size, p * size + size) };
}
