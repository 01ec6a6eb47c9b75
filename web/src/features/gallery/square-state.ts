import type { ImgLikeResult, ImgPublished } from '@wanxiang/contract';

/**
 * The square's list rules (no React). The list is paged by offset, newest first: when someone
 * publishes while a reader scrolls, the next page starts with cards the reader already has, so a
 * page is merged by id (never shown twice) rather than appended.
 */

/** `prev` followed by the cards of `next` it does not hold yet, in their order. */
export function mergePage<T extends { id: number }>(prev: readonly T[], next: readonly T[]): T[] {
  const seen = new Set(prev.map((c) => c.id));
  const out = [...prev];
  for (const c of next) {
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    out.push(c);
  }
  return out;
}

/** More to load while fewer cards are held than the server counts and the last page was not empty. */
export function hasMorePages(loaded: number, total: number, lastPageSize: number): boolean {
  return lastPageSize > 0 && loaded < total;
}

export type LikeState = Pick<ImgPublished, 'liked' | 'likes'>;

/** The like as the reader expects it right after a click (shown at once, before the server answers). */
export function toggledLike(s: LikeState): LikeState {
  return s.liked ? { liked: false, likes: Math.max(0, s.likes - 1) } : { liked: true, likes: s.likes + 1 };
}

/** The card `id` with a like state (the optimistic one, the server's answer, or the old one back on failure). */
export function withLike<T extends { id: number } & LikeState>(list: readonly T[], id: number, s: LikeState | ImgLikeResult): T[] {
  return list.map((c) => (c.id === id ? { ...c, liked: s.liked, likes: s.likes } : c));
}

/** A card gone from the square (taken down by its author, or hidden after the reader's report). */
export function withoutCard<T extends { id: number }>(list: readonly T[], id: number): T[] {
  return list.filter((c) => c.id !== id);
}
