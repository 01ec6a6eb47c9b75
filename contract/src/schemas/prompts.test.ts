import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { isHttpUrl, parsePromptList, PromptFetchSchema, PromptTemplateSchema, PROMPT_IMPORT_MAX, promptListShape } from './prompts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('prompt list import rules', () => {
  it('reads key/value and act/prompt lists, judged by the first item', () => {
    expect(parsePromptList([{ key: '标题', value: '内容' }])).toEqual([{ key: '标题', value: '内容' }]);
    expect(parsePromptList([{ act: '面试官', prompt: '请扮演面试官' }])).toEqual([{ key: '面试官', value: '请扮演面试官' }]);
    expect(promptListShape([{ key: 'a', value: 'b' }])).toBe('key');
    expect(promptListShape([{ act: 'a', prompt: 'b' }])).toBe('act');
  });

  it('refuses anything that is not an array whose first item has both fields of a pair', () => {
    for (const bad of [
      null,
      'text',
      42,
      {},
      { key: 'a', value: 'b' },
      [],
      [null],
      ['a'],
      [[1]],
      [{ key: 'a' }],
      [{ act: 'a' }],
      [{ key: 'a', prompt: 'b' }],
      [{ title: 'a', content: 'b' }],
    ]) {
      expect(parsePromptList(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('trims, skips later items missing a field, and cuts overly long lists', () => {
    const list = [{ key: ' 一 ', value: ' 内容一 ' }, { key: '二' }, 'x', { key: '三', value: 3 }, { key: '', value: '空标题' }];
    expect(parsePromptList(list)).toEqual([
      { key: '一', value: '内容一' },
      { key: '三', value: '3' },
    ]);
    const many = Array.from({ length: PROMPT_IMPORT_MAX + 5 }, (_, i) => ({ key: `k${i}`, value: `v${i}` }));
    expect(parsePromptList(many)).toHaveLength(PROMPT_IMPORT_MAX);
  });

  it('a list whose usable items are all empty is refused too', () => {
    expect(parsePromptList([{ key: ' ', value: 'x' }])).toBeNull();
  });
});

describe('prompt form and URL validation', () => {
  it('title required 请输入标题!, content required 请输入内容!', () => {
    expect(firstMessage(PromptTemplateSchema.safeParse({ key: '', value: '内容' }))).toBe(MSG.promptTitleRequired);
    expect(firstMessage(PromptTemplateSchema.safeParse({ key: '   ', value: '内容' }))).toBe(MSG.promptTitleRequired);
    expect(firstMessage(PromptTemplateSchema.safeParse({ value: '内容' }))).toBe(MSG.promptTitleRequired);
    expect(firstMessage(PromptTemplateSchema.safeParse({ key: '标题', value: '' }))).toBe(MSG.promptContentRequired);
    expect(firstMessage(PromptTemplateSchema.safeParse({ key: '标题' }))).toBe(MSG.promptContentRequired);
    expect(PromptTemplateSchema.parse({ key: ' 标题 ', value: ' 内容 ' })).toEqual({ key: '标题', value: '内容' });
  });

  it('network import URL must be http(s): 请输入正确的URL 🙅', () => {
    expect(isHttpUrl('https://example.com/prompts.json')).toBe(true);
    expect(isHttpUrl('http://例子.中国/a')).toBe(true);
    for (const bad of ['', 'example.com', 'ftp://example.com', 'http://', 'http:// x', 'javascript:alert(1)', 'file:///etc/passwd']) {
      expect(isHttpUrl(bad), bad).toBe(false);
      expect(firstMessage(PromptFetchSchema.safeParse({ url: bad }))).toBe(MSG.promptUrlInvalid);
    }
  });

  it('the spec strings are used exactly', () => {
    expect(MSG.promptImportInvalid).toBe('数据格式错误 🙅');
    expect(MSG.promptRemoteInvalid).toBe('数据格式不正确');
    expect(MSG.promptExportEmpty).toBe('暂无数据！🚗');
    expect(MSG.promptUrlInvalid).toBe('请输入正确的URL 🙅');
  });
});
