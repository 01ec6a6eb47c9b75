import { describe, expect, it } from 'vitest';
import { fromIntent } from './categories';
import { linkCitations } from './citations';
import { mergeHistory, type HistoryEntry } from './history';
import { hotPage } from './hot-page';
import { bottomTypeOf, historyKeyword, isBlankQuery, modeOf, presetValue } from './keyword';
import { emptySource, nextPage, pageFailed, pageLoaded, resetPager, startLoading } from './pager';
import { toolPath } from './tools';

describe('page counters (4.1, 4.2)', () => {
  it('start at 1, append on load more, and end when a page is empty or hasMore is false', () => {
    let p = resetPager<number>(['google', 'arxiv']);
    expect(nextPage(p.google)).toBe(1);
    p = pageLoaded(startLoading(p, 'google'), 'google', 1, [1, 2], true);
    expect(nextPage(p.google)).toBe(2);
    p = pageLoaded(p, 'google', 2, [3], true);
    expect(p.google).toMatchObject({ page: 2, items: [1, 2, 3], hasMore: true });
    expect(pageLoaded(p, 'google', 3, [], true).google?.hasMore).toBe(false);
    expect(pageLoaded(p, 'google', 3, [4], false).google).toMatchObject({ items: [1, 2, 3, 4], hasMore: false });
    expect(p.arxiv).toEqual(emptySource());
  });

  it('reset clears every source; a failed first page is asked again from 1', () => {
    let p = pageLoaded(resetPager<number>(['a', 'b']), 'a', 1, [1], true);
    p = pageLoaded(p, 'b', 1, [2], true);
    expect(resetPager<number>(['a', 'b'])).toEqual({ a: emptySource(), b: emptySource() });
    const failed = pageFailed(resetPager<number>(['a']), 'a');
    expect(failed.a?.status).toBe('failed');
    expect(nextPage(failed.a)).toBe(1);
    expect(nextPage(pageFailed(p, 'a').a)).toBe(2);
  });
});

describe('search keywords', () => {
  it('treats blank as nothing and strips whitespace for history', () => {
    expect(isBlankQuery('  \n')).toBe(true);
    expect(isBlankQuery(' a ')).toBe(false);
    expect(historyKeyword(' 深度 学习\t论文 ')).toBe('深度学习论文');
  });

  it('reads mode, preset value and bottomType from the address', () => {
    expect(modeOf('/aiSearch/serachnet', null)).toBe(2);
    expect(modeOf('/aiSearch/searchByhome', null)).toBe(1);
    expect(modeOf('/aiSearch/serachnet', '1')).toBe(1);
    expect(modeOf('/aiSearch/serachnet', '99')).toBe(2);
    expect(presetValue(new URLSearchParams('value=%20量子%20'), null)).toBe('量子');
    expect(presetValue(new URLSearchParams('keyword=k'), null)).toBe('k');
    expect(presetValue(new URLSearchParams(''), { value: 's' })).toBe('s');
    expect(bottomTypeOf(new URLSearchParams('bottomType=voice'))).toBe('voice');
    expect(bottomTypeOf(new URLSearchParams('bottomType=evil'))).toBeUndefined();
    expect(toolPath('lookforweb', 'a b')).toBe('/aiSearch/lookforweb?value=a%20b');
  });
});

describe('history merge', () => {
  const e = (key: string, text: string, at: number, origin: 'local' | 'server', searchid?: string, mode = 2): HistoryEntry => ({
    key,
    text,
    at,
    origin,
    searchid,
    mode,
  });

  it('lists newest first, once per conversation and per keyword', () => {
    const local = [e('local:3', '天气', 30, 'local', 'c1'), e('local:2', '新闻', 20, 'local'), e('local:1', '新 闻', 10, 'local')];
    const server = [e('server:c1', '天气', 25, 'server', 'c1'), e('server:c2', '股票', 40, 'server', 'c2')];
    expect(mergeHistory(local, server).map((x) => x.key)).toEqual(['server:c2', 'server:c1', 'local:2']);
  });

  it('keeps the same keyword of different modes', () => {
    expect(mergeHistory([e('local:1', 'a', 1, 'local', undefined, 1), e('local:2', 'a', 2, 'local', undefined, 2)], [])).toHaveLength(2);
  });
});

describe('citations', () => {
  const sources = [
    { title: 'A', href: 'https://a.example/x' },
    { title: 'B', href: 'https://b.example/(y)' },
  ];
  it('links [n] and 【n】 to their sources and leaves the rest alone', () => {
    expect(linkCitations('据报道[1]，另见【2】和[3]。', sources)).toBe(
      '据报道[\\[1\\]](https://a.example/x)，另见[\\[2\\]](https://b.example/(y%29)和[3]。',
    );
    expect(linkCitations('`arr[1]` 与 [1](http://x)', sources)).toBe('`arr[1]` 与 [1](http://x)');
    expect(linkCitations('见[1]', [])).toBe('见[1]');
  });

  it('does not link a source that is not http(s)', () => {
    expect(linkCitations('[1]', [{ title: 'x', href: 'javascript:alert(1)' }])).toBe('[1]');
  });
});

describe('hot pages and intents', () => {
  it('pages 10 at a time and wraps round', () => {
    const list = Array.from({ length: 25 }, (_, i) => `t${i}`);
    expect(hotPage(list, 0).items).toHaveLength(10);
    expect(hotPage(list, 2)).toEqual({ start: 20, items: list.slice(20) });
    expect(hotPage(list, 3).start).toBe(0);
    expect(hotPage([], 1)).toEqual({ start: 0, items: [] });
  });

  it('maps intents to a category and source, unknown to academic Google', () => {
    expect(fromIntent('arxiv')).toEqual({ category: 'academic', source: 'arxiv' });
    expect(fromIntent('webdisk')).toEqual({ category: 'webdisk', source: 'up1' });
    expect(fromIntent('website').category).toBe('website');
    expect(fromIntent('nonsense')).toEqual({ category: 'academic', source: 'google' });
    expect(fromIntent(undefined)).toEqual({ category: 'academic', source: 'google' });
  });
});
