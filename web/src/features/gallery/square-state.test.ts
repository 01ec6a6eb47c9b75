import { describe, expect, it } from 'vitest';
import { hasMorePages, mergePage, toggledLike, withLike, withoutCard } from './square-state';

const card = (id: number, likes = 0, liked = false) => ({ id, likes, liked, title: `作品${id}` });

describe('the square’s paging', () => {
  it('appends a page after the cards held, in its order', () => {
    expect(mergePage([card(9), card(8)], [card(7), card(6)]).map((c) => c.id)).toEqual([9, 8, 7, 6]);
  });

  it('drops the cards a new publication pushed back onto the next page (never shown twice)', () => {
    // Page 1 held 9, 8; someone published 10, so page 2 starts again with 8.
    const merged = mergePage([card(9), card(8)], [card(8), card(7)]);
    expect(merged.map((c) => c.id)).toEqual([9, 8, 7]);
    // The held card keeps its own state (a like the reader made stays).
    expect(mergePage([card(8, 3, true)], [card(8, 2, false)])[0]).toMatchObject({ likes: 3, liked: true });
  });

  it('ignores repeats inside one page and does not change the list it was given', () => {
    const prev = [card(5)];
    expect(mergePage(prev, [card(4), card(4), card(3)]).map((c) => c.id)).toEqual([5, 4, 3]);
    expect(prev.map((c) => c.id)).toEqual([5]);
  });

  it('has more while fewer are held than counted, and stops at an empty page', () => {
    expect(hasMorePages(20, 45, 20)).toBe(true);
    expect(hasMorePages(45, 45, 5)).toBe(false);
    // Cards taken down meanwhile: the count says more but the page came back empty.
    expect(hasMorePages(40, 45, 0)).toBe(false);
  });
});

describe('the like toggle', () => {
  it('likes and unlikes with the count moving by one, never below zero', () => {
    expect(toggledLike({ liked: false, likes: 4 })).toEqual({ liked: true, likes: 5 });
    expect(toggledLike({ liked: true, likes: 5 })).toEqual({ liked: false, likes: 4 });
    expect(toggledLike({ liked: true, likes: 0 })).toEqual({ liked: false, likes: 0 });
  });

  it('sets the state of one card only: the optimistic one, then the server’s, or the old one back', () => {
    const list = [card(1, 2), card(2, 7)];
    const optimistic = withLike(list, 2, toggledLike(list[1]!));
    expect(optimistic.map((c) => [c.id, c.liked, c.likes])).toEqual([
      [1, false, 2],
      [2, true, 8],
    ]);
    // Someone else liked it meanwhile: the server's count wins.
    expect(withLike(optimistic, 2, { liked: true, likes: 9 })[1]).toMatchObject({ liked: true, likes: 9 });
    // The call failed: the card as it was.
    expect(withLike(optimistic, 2, list[1]!)[1]).toMatchObject({ liked: false, likes: 7 });
    expect(list[1]).toMatchObject({ liked: false, likes: 7 });
  });

  it('drops a card taken down', () => {
    expect(withoutCard([card(1), card(2)], 1).map((c) => c.id)).toEqual([2]);
  });
});
