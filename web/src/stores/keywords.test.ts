import { beforeEach, describe, expect, it } from 'vitest';
import { captureKeywords, getInviteCode, keywordsFromUrl, readKeywordState } from './keywords';

describe('keyword state from the landing URL', () => {
  beforeEach(() => localStorage.clear());

  it('reads the query keys and the /login/:invite_code path', () => {
    expect(keywordsFromUrl('/', '?from=baidu&keyword=ai%20写作&invite_code=abcd2345&x=1')).toEqual({
      from: 'baidu',
      keyword: 'ai 写作',
      invite_code: 'ABCD2345',
    });
    expect(keywordsFromUrl('/login/XY7ZQ2MN', '')).toEqual({ invite_code: 'XY7ZQ2MN' });
    expect(keywordsFromUrl('/login', '')).toEqual({});
  });

  it('drops invite codes that are not codes', () => {
    expect(keywordsFromUrl('/', '?invite_code=<script>')).toEqual({});
    expect(keywordsFromUrl('/login/%E0%A4%A', '')).toEqual({});
    expect(keywordsFromUrl('/', `?invite_code=${'A'.repeat(40)}`)).toEqual({});
  });

  it('stores once and keeps values when a later URL has none', () => {
    captureKeywords({ pathname: '/', search: '?invite_code=INV12345&plan=p1' });
    expect(getInviteCode()).toBe('INV12345');
    captureKeywords({ pathname: '/chat', search: '' });
    expect(readKeywordState()).toMatchObject({ invite_code: 'INV12345', plan: 'p1' });
    captureKeywords({ pathname: '/login/NEW22222', search: '' });
    expect(getInviteCode()).toBe('NEW22222');
  });
});
