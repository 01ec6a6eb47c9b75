import { describe, expect, it } from 'vitest';
import type { ToolRunItem } from '@wanxiang/contract';
import { EXCERPT_CHARS, excerptOf, GONE_TOOL_TITLE, recentRunView } from './recent-runs';

const run = (over: Partial<ToolRunItem>): ToolRunItem => ({
  id: 'r1',
  toolId: 'aiDocument',
  inputs: { text: '第三季度工作总结' },
  model: 'deepseek-v3',
  content: '# 第三季度工作总结\n\n一、**主要成绩**',
  createdAt: '2026-11-26T03:04:05.000Z',
  ...over,
});

describe('excerptOf', () => {
  it('reads markdown as one plain line', () => {
    const md = '## 标题\n\n- 第一点：**加粗**\n> 引用 [链接](https://x.y)\n\n```js\ncode()\n```\n| 列 | 值 |\n|---|---|\n| a | 1 |';
    expect(excerptOf(md, 200)).toBe('标题 第一点：加粗 引用 链接 code() 列 值 a 1');
  });

  it('cuts long answers by characters with …, never splitting an emoji', () => {
    expect(excerptOf('字'.repeat(EXCERPT_CHARS + 5))).toBe(`${'字'.repeat(EXCERPT_CHARS)}…`);
    expect(excerptOf('😀'.repeat(5), 3)).toBe('😀😀😀…');
    expect(excerptOf('短答案')).toBe('短答案');
  });
});

describe('recentRunView', () => {
  it("takes the tool's title, icon and page from the registry", () => {
    const view = recentRunView(run({}));
    expect(view).toMatchObject({ id: 'r1', title: 'AI文档', icon: '📄', link: '/aiGenerate/aiDocument', excerpt: '第三季度工作总结 一、主要成绩' });
    expect(view.time).toMatch(/2026/);
  });

  it('keeps a run of a tool that left the registry, without a link; an empty answer shows the question', () => {
    expect(recentRunView(run({ toolId: 'gone', content: '' }))).toMatchObject({ title: GONE_TOOL_TITLE, link: null, excerpt: '第三季度工作总结' });
  });
});
