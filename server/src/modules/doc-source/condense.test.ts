import { describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../catalog';
import type { LlmDelta, LlmStreamRequest } from '../../llm/types';
import { createMemoryStore } from '../../infra/kv/memory';
import { condenseSource, cutAtLine, splitChunks } from './condense';
import { demoCondense, demoDocOutline } from './demo';

/** Chunked condensing of long documents and the demo answers that keep a document's structure. */
describe('splitChunks', () => {
  it('cuts before a heading once a chunk is half full, never past the size, and splits a run-on line', () => {
    const section = (n: number) => `## 第${n}节\n${'正文内容。'.repeat(150)}`;
    const chunks = splitChunks([1, 2, 3, 4].map(section).join('\n'), 1000);
    expect(chunks.every((c) => c.length <= 1000)).toBe(true);
    expect(chunks.filter((c) => c.startsWith('## ')).length).toBe(4);
    const runOn = splitChunks('字'.repeat(2500), 1000);
    expect(runOn.map((c) => c.length)).toEqual([1000, 1000, 500]);
  });

  it('cutAtLine keeps whole lines', () => {
    expect(cutAtLine('一行\n二行\n三行', 7)).toBe('一行\n二行');
    expect(cutAtLine('短', 7)).toBe('短');
  });
});

describe('condenseSource', () => {
  const model = { key: 'm' } as CatalogModel;
  const fakeLlm = (calls: string[]) => ({
    demo: false,
    available: () => true,
    close: async () => {},
    async *stream(req: LlmStreamRequest): AsyncIterable<LlmDelta> {
      const user = req.messages.at(-1)!.content;
      calls.push(user);
      // A model that answers each chunk's headings with one point under each.
      const headings = user.split('\n').filter((l) => l.startsWith('#'));
      yield { type: 'text', text: headings.map((h) => `${h}\n- 要点`).join('\n') };
    },
  });

  it('returns a short text as it is, without any model call', async () => {
    const calls: string[] = [];
    const ctx = { llm: fakeLlm(calls), kv: createMemoryStore() };
    expect(await condenseSource(ctx, { model, text: '# 短文\n正文', budget: 100, signal: AbortSignal.timeout(5000) })).toBe('# 短文\n正文');
    expect(calls).toEqual([]);
  });

  it('summarises each chunk once, joins them in order within the budget, and reuses the result per upload', async () => {
    const calls: string[] = [];
    const ctx = { llm: fakeLlm(calls), kv: createMemoryStore() };
    const text = Array.from({ length: 30 }, (_, i) => `## 第${i + 1}章\n${'内容'.repeat(1000)}`).join('\n');
    const req = { model, text, budget: 3000, signal: AbortSignal.timeout(5000), cacheKey: 'u1:f1' };
    const out = await condenseSource(ctx, req);
    expect(calls.length).toBe(splitChunks(text).length);
    expect(calls.length).toBeGreaterThan(1);
    expect(out.length).toBeLessThanOrEqual(3000);
    const order = out.split('\n').filter((l) => l.startsWith('## '));
    expect(order[0]).toBe('## 第1章');
    expect(order.at(-1)).toBe('## 第30章');
    await condenseSource(ctx, req);
    expect(calls.length).toBe(splitChunks(text).length);
  });
});

describe('demo answers for documents', () => {
  it('demoCondense keeps every heading and first sentences while the target allows', () => {
    const out = demoCondense('# 报告\n第一句。第二句。\n## 结论\n结论一。结论二。', 200);
    expect(out).toBe('# 报告\n- 第一句。\n## 结论\n- 结论一。');
    expect(demoCondense('# 报告\n第一句很长很长。\n## 结论', 5)).toBe('# 报告\n## 结论');
  });

  it('demoDocOutline follows a document: its title, its chapters, its sub-headings as slides', () => {
    const md = demoDocOutline('# 总结\n## 市场\n开拓三城。\n### 华东\n上海开业。\n## 研发\n发布新版。', 'doc', '文件')!;
    expect(md.split('\n')).toEqual(['# 总结', '- 根据《文件》整理', '## 市场', '### 华东', '- 上海开业。', '## 研发', '### 研发', '- 发布新版。']);
    expect(demoDocOutline('只有正文，没有标题。', 'doc', '文件')).toBeUndefined();
  });

  it('demoDocOutline keeps every old slide, in order, three to a chapter', () => {
    const deck = ['# 封面', '- 副标题', ...Array.from({ length: 5 }, (_, i) => `## 页${i + 1}\n- 要点${i + 1}`)].join('\n');
    const md = demoDocOutline(deck, 'oldPpt', '旧.pptx')!;
    const lines = md.split('\n');
    expect(lines.slice(0, 2)).toEqual(['# 封面', '- 副标题']);
    expect(lines.filter((l) => l.startsWith('### '))).toEqual(['### 页1', '### 页2', '### 页3', '### 页4', '### 页5']);
    expect(lines.filter((l) => l.startsWith('## '))).toEqual(['## 页1、页2、页3', '## 页4、页5']);
  });
});
