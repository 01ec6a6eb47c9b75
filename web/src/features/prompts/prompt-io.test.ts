import { describe, expect, it } from 'vitest';
import { MSG } from '@wanxiang/contract';
import { exportText, pageOf, parseImportText } from './prompt-io';
import { BUILTIN_PROMPTS } from './builtin-prompts';

describe('prompt file import', () => {
  it('reads key/value and act/prompt arrays', () => {
    expect(parseImportText(JSON.stringify([{ key: '标题', value: '内容' }]))).toEqual({ ok: true, list: [{ key: '标题', value: '内容' }] });
    expect(parseImportText(`\uFEFF${JSON.stringify([{ act: '翻译', prompt: '请翻译' }])}`)).toEqual({
      ok: true,
      list: [{ key: '翻译', value: '请翻译' }],
    });
  });

  it('answers 数据格式错误 🙅 for anything else', () => {
    for (const text of ['', 'not json', '{}', '[]', '{"key":"a","value":"b"}', '[{"title":"a"}]', '[1,2]', '[{"key":"a"}]']) {
      expect(parseImportText(text), text).toEqual({ ok: false, error: MSG.promptImportInvalid });
    }
  });
});

describe('prompt export', () => {
  it('answers 暂无数据！🚗 when there is nothing', () => {
    expect(exportText([])).toEqual({ ok: false, error: MSG.promptExportEmpty });
  });

  it('writes key/value pairs only, which import reads back', () => {
    const out = exportText([{ id: 'x', key: '标题', value: '内容' } as { key: string; value: string }]);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(JSON.parse(out.text)).toEqual([{ key: '标题', value: '内容' }]);
    expect(parseImportText(out.text)).toEqual({ ok: true, list: [{ key: '标题', value: '内容' }] });
  });
});

describe('paging and built-ins', () => {
  it('pages of 9, clamped to the last page', () => {
    const list = Array.from({ length: 20 }, (_, i) => i);
    expect(pageOf(list, 1, 9).items).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pageOf(list, 3, 9)).toEqual({ items: [18, 19], page: 3 });
    expect(pageOf(list, 9, 9).page).toBe(3);
    expect(pageOf([], 2, 9)).toEqual({ items: [], page: 1 });
  });

  it('ships about 100 distinct built-in prompts, each a title and a few sentences', () => {
    expect(BUILTIN_PROMPTS.length).toBeGreaterThanOrEqual(95);
    expect(new Set(BUILTIN_PROMPTS.map((p) => p.key)).size).toBe(BUILTIN_PROMPTS.length);
    for (const p of BUILTIN_PROMPTS) {
      expect(p.key.length).toBeGreaterThan(0);
      const sentences = p.value.split(/[。！？]/).filter((s) => s.trim()).length;
      expect(sentences, p.key).toBeGreaterThanOrEqual(2);
      expect(sentences, p.key).toBeLessThanOrEqual(5);
    }
  });
});
