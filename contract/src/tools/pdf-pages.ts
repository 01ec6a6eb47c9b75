/**
 * Page lists as people type them ("1-3,5，8-10"): parsed once here so the server's submit check
 * (before the file is read), the handler (against the real page count) and any form hint agree.
 * Pages are 1-based; a range may run backwards ("5-3" is 5,4,3: extracting in that order is a
 * reasonable wish). Chinese commas, spaces and 、 separate parts as well as ','.
 */

export interface PageRange {
  from: number;
  to: number;
}

/** Longest page-list text a form field takes. */
export const PAGE_LIST_MAX_CHARS = 200;

const PART = /^(\d{1,5})(?:\s*[-~～—]\s*(\d{1,5}))?$/;

/** The ranges of a page list, or null when it is not one (empty, zero, junk). */
export function parsePageRanges(text: string): PageRange[] | null {
  const parts = text
    .split(/[,，、;；\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const out: PageRange[] = [];
  for (const part of parts) {
    const m = PART.exec(part);
    if (!m) return null;
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from < 1 || to < 1) return null;
    out.push({ from, to });
  }
  return out;
}

/** Pages a range covers, in its own order (0-based indexes for pdf-lib). */
export function rangeIndexes(r: PageRange): number[] {
  const step = r.to >= r.from ? 1 : -1;
  const out: number[] = [];
  for (let p = r.from; p !== r.to + step; p += step) out.push(p - 1);
  return out;
}

/** How many pages the ranges name (with repeats), without listing them. */
export function rangesPageCount(ranges: readonly PageRange[]): number {
  return ranges.reduce((n, r) => n + Math.abs(r.to - r.from) + 1, 0);
}

/** The highest page the ranges name. */
export function rangesLastPage(ranges: readonly PageRange[]): number {
  return ranges.reduce((n, r) => Math.max(n, r.from, r.to), 0);
}
