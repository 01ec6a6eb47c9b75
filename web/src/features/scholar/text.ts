/** docs/product/search.md §5, §9: arXiv titles are shown cut at 30 characters (the full title stays in a tooltip). */
export const ARXIV_TITLE_MAX = 30;

export function clipTitle(s: string, max = ARXIV_TITLE_MAX): string {
  const chars = [...s];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : s;
}

/** Digest chips: All, the fixed categories, then any other category found in the items (2.7). */
export function digestCategories(fixed: readonly string[], found: { categories: string[] }[]): string[] {
  const out = [...fixed];
  for (const item of found) for (const c of item.categories) if (!out.includes(c)) out.push(c);
  return out;
}
