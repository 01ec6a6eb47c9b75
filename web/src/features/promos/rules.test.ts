import { describe, expect, it } from 'vitest';
import { PROMO_LIMITS } from '@wanxiang/contract';
import {
  afterNewYearClose,
  downloadVariant,
  fromSearchEngine,
  guideDelay,
  isNationalDayWindow,
  laterQuietLeft,
  newYearRemaining,
  noticeParagraphs,
  parseConfirmAction,
  parseUpdateMemo,
  shouldShowModelPromo,
  shouldShowNotice,
  shouldShowUpdate,
} from './rules';

describe('model promo and notice decisions', () => {
  it('the banana promo shows when on and the md5 is new', () => {
    expect(shouldShowModelPromo({ show: true, md5: 'a' }, null)).toBe(true);
    expect(shouldShowModelPromo({ show: true, md5: 'a' }, 'a')).toBe(false);
    expect(shouldShowModelPromo({ show: true, md5: 'b' }, 'a')).toBe(true);
    expect(shouldShowModelPromo({ show: false, md5: 'b' }, 'a')).toBe(false);
    expect(shouldShowModelPromo(null, null)).toBe(false);
  });
  it('the notice shows when it has text and the sign is new', () => {
    expect(shouldShowNotice({ data: '公告', sign: 's1' }, null)).toBe(true);
    expect(shouldShowNotice({ data: '公告', sign: 's1' }, 's1')).toBe(false);
    expect(shouldShowNotice({ data: '新公告', sign: 's2' }, 's1')).toBe(true);
    expect(shouldShowNotice({ data: '', sign: '' }, null)).toBe(false);
    expect(noticeParagraphs('第一行\n\n 第二行 \r\n第三行')).toEqual(['第一行', '第二行', '第三行']);
  });
});

describe('update dialog', () => {
  const pc = { update: true, need_down: false, version: '2025.11.01' };
  it("'later' keeps it quiet for 300000 ms", () => {
    const t0 = 1_000_000;
    const memo = { later: t0 };
    expect(laterQuietLeft(memo, t0)).toBe(PROMO_LIMITS.updateLaterQuietMs);
    expect(laterQuietLeft(memo, t0 + 299_999)).toBe(1);
    expect(shouldShowUpdate(pc, memo, t0 + 299_999)).toBe(false);
    expect(shouldShowUpdate(pc, memo, t0 + 300_000)).toBe(true);
  });
  it('need_down always shows; 不再提醒 skips only that version; no update, no dialog', () => {
    expect(shouldShowUpdate({ ...pc, need_down: true }, { later: Date.now(), skip: pc.version }, Date.now())).toBe(true);
    expect(shouldShowUpdate(pc, { skip: '2025.11.01' }, 0)).toBe(false);
    expect(shouldShowUpdate({ ...pc, version: '2025.12.01' }, { skip: '2025.11.01' }, 0)).toBe(true);
    expect(shouldShowUpdate({ ...pc, update: false }, {}, 0)).toBe(false);
  });
  it('a garbled memo counts as none', () => {
    expect(parseUpdateMemo('not json')).toEqual({});
    expect(parseUpdateMemo(null)).toEqual({});
    expect(parseUpdateMemo('{"later":5}')).toEqual({ later: 5 });
  });
});

describe('seasonal windows', () => {
  it('National Day runs September 1 to 30 in Shanghai time', () => {
    expect(isNationalDayWindow(new Date('2026-08-31T15:59:59Z'))).toBe(false); // 23:59 Aug 31 Shanghai
    expect(isNationalDayWindow(new Date('2026-08-31T16:00:00Z'))).toBe(true); // 00:00 Sep 1 Shanghai
    expect(isNationalDayWindow(new Date('2026-09-30T15:59:00Z'))).toBe(true);
    expect(isNationalDayWindow(new Date('2026-09-30T16:00:00Z'))).toBe(false); // Oct 1 Shanghai
  });
});

describe('guide timing', () => {
  it('recognises so, bing and baidu referrers only', () => {
    expect(fromSearchEngine('https://www.baidu.com/s?wd=ai')).toBe(true);
    expect(fromSearchEngine('https://cn.bing.com/search?q=ai')).toBe(true);
    expect(fromSearchEngine('https://www.so.com/s?q=ai')).toBe(true);
    expect(fromSearchEngine('https://www.google.com/')).toBe(false);
    expect(fromSearchEngine('https://sohu.com/')).toBe(false);
    expect(fromSearchEngine('')).toBe(false);
    expect(fromSearchEngine('not a url')).toBe(false);
  });
  it('1 s for a matching keyword, 2 s from a search engine, never twice a day', () => {
    const base = { cookieSet: false, fromEngine: false, keyword: '', matched: false };
    expect(guideDelay({ ...base, keyword: 'deepseek', matched: true })).toBe(1000);
    expect(guideDelay({ ...base, fromEngine: true })).toBe(2000);
    expect(guideDelay({ ...base, keyword: '天气' })).toBe(2000);
    expect(guideDelay(base)).toBeNull();
    expect(guideDelay({ ...base, cookieSet: true, fromEngine: true, keyword: 'deepseek', matched: true })).toBeNull();
  });
});

describe('new-year float counter', () => {
  it('starts at the server count, decrements on close and stops at 0', () => {
    let n = newYearRemaining(null, 3);
    expect(n).toBe(3);
    n = afterNewYearClose(n);
    expect(newYearRemaining(String(n), 3)).toBe(2);
    expect(afterNewYearClose(afterNewYearClose(n))).toBe(0);
    expect(afterNewYearClose(0)).toBe(0);
    expect(newYearRemaining('0', 3)).toBe(0);
    expect(newYearRemaining('garbage', 3)).toBe(3);
  });
});

describe('confirm actions and download variants', () => {
  it("parses 'action|argument' safely", () => {
    expect(parseConfirmAction('route|/console/vip')).toEqual({ kind: 'route', to: '/console/vip' });
    expect(parseConfirmAction('url|https://example.com/a')).toEqual({ kind: 'url', href: 'https://example.com/a' });
    expect(parseConfirmAction('url|javascript:alert(1)')).toEqual({ kind: 'close' });
    expect(parseConfirmAction('route|//evil.com')).toEqual({ kind: 'close' });
    expect(parseConfirmAction('close|')).toEqual({ kind: 'close' });
    expect(parseConfirmAction('')).toEqual({ kind: 'close' });
  });
  it('iOS gets the mini-program bar, others the app', () => {
    expect(downloadVariant('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(downloadVariant('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('android');
  });
});
