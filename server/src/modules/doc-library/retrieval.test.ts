import { describe, expect, it } from 'vitest';
import { chunkSections, cutText } from './chunk';
import { cosine } from './embeddings';
import { parseOverview, structuralOutline } from './overview';
import { fuse } from './retrieve';
import { segmentWords, tsQueryOf } from './segment';
import { htmlByHeadings, markdownHeadings } from '../uploads/parse/sections';

describe('document retrieval pieces', () => {
  it('segments Chinese into words and builds a tsquery of the useful ones only', () => {
    expect(segmentWords('万象支持中文分词，Hello World 2024年')).toEqual(
      expect.arrayContaining(['中文', '分词', 'hello', 'world', '2024']),
    );
    const q = tsQueryOf('文中的主要结论是什么？')!;
    expect(q).toContain("'结论'");
    expect(q).not.toContain("'什么'");
    // Nothing the user types becomes tsquery syntax.
    expect(tsQueryOf("x' | !y & (z)")).toBe("'x' | 'y' | 'z'");
    expect(tsQueryOf('？？！')).toBeNull();
  });

  it('cuts parts into passages on paragraph and sentence ends, keeping page and section', () => {
    const long = '这是一个很长的句子。'.repeat(200);
    const pieces = cutText(long, 600);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.every((p) => p.length <= 600)).toBe(true);
    expect(pieces.join('')).toBe(long);
    const chunks = chunkSections([
      { page: 1, title: '', text: '第一页。' },
      { page: 2, title: '结论', text: `${'甲'.repeat(500)}\n\n${'乙'.repeat(500)}` },
    ]);
    expect(chunks.map((c) => [c.seq, c.page, c.section])).toEqual([
      [0, 1, ''],
      [1, 2, '结论'],
      [2, 2, '结论'],
    ]);
  });

  it('reads Markdown and HTML headings as sections', () => {
    expect(markdownHeadings('前言\n# 一、背景\n正文一\n## 二、方法\n正文二').map((s) => [s.title, s.text.trim()])).toEqual([
      ['', '前言'],
      ['一、背景', '正文一'],
      ['二、方法', '正文二'],
    ]);
    expect(htmlByHeadings('<p>引言</p><h1>第一章</h1><p>内容A</p><h2>1.1 小节</h2><p>内容B</p>').map((s) => [s.title, s.text])).toEqual([
      ['', '引言'],
      ['第一章', '内容A'],
      ['1.1 小节', '内容B'],
    ]);
  });

  it('fuses rankings by reciprocal rank: a passage both rankings like comes first', () => {
    const hit = (id: number) => ({ id, score: 1 });
    const fused = fuse([
      [hit(1), hit(2), hit(3)],
      [hit(2), hit(4), hit(5)],
    ]);
    expect(fused.map((f) => f.id)).toEqual([2, 1, 4, 3, 5]);
    expect(cosine([1, 0], [1, 0])).toBeCloseTo(1);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([0, 0], [1, 1])).toBe(0);
  });

  it('reads the model overview back, and outlines by structure when it cannot', () => {
    const parsed = parseOverview('摘要：本文介绍了公司的经营情况。\n大纲：\n- 公司概况\n  - 历史沿革（第2页）\n- 财务数据');
    expect(parsed.summary).toBe('本文介绍了公司的经营情况。');
    expect(parsed.outline).toEqual([
      { title: '公司概况', page: null, level: 1 },
      { title: '历史沿革（）', page: 2, level: 2 },
      { title: '财务数据', page: null, level: 1 },
    ]);
    expect(structuralOutline([{ page: 3, section: '', content: '第三页的第一句话。后面的内容。' }])).toEqual([
      { title: '第三页的第一句话。', page: 3, level: 1 },
    ]);
  });
});
