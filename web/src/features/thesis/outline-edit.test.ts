import { describe, expect, it } from 'vitest';
import { applyCorrections, parseThesisOutline, THESIS_CHAPTERS_MAX, thesisOutlineMarkdown, type Correction } from '@wanxiang/contract';
import { acceptedIds, correctionSegments } from './correction-segments';
import { editOutline } from './outline-edit';

const outline = parseThesisOutline('# 题目\n## 第一章 绪论\n### 1.1 背景\n### 1.2 意义\n## 第二章 方法\n- 2.1 数据\n## 第三章 结论');

describe('outline edits', () => {
  it('parses the streamed markdown into chapters and sections', () => {
    expect(outline).toEqual({
      title: '题目',
      chapters: [
        { title: '第一章 绪论', sections: ['1.1 背景', '1.2 意义'] },
        { title: '第二章 方法', sections: ['2.1 数据'] },
        { title: '第三章 结论', sections: [] },
      ],
    });
    expect(parseThesisOutline(thesisOutlineMarkdown(outline))).toEqual(outline);
    // A model's own references chapter is dropped: ours come from real papers.
    expect(parseThesisOutline('# 题目\n## 第一章 绪论\n## 参考文献\n- [1] 某某. 编造的文献\n## 致谢').chapters).toEqual([
      { title: '第一章 绪论', sections: [] },
      { title: '致谢', sections: [] },
    ]);
  });

  it('renames, adds, removes and moves chapters and sections without touching the original', () => {
    const renamed = editOutline(outline, { kind: 'renameChapter', chapter: 1, text: '第二章 研究方法' });
    expect(renamed.chapters[1]!.title).toBe('第二章 研究方法');
    expect(outline.chapters[1]!.title).toBe('第二章 方法');
    const moved = editOutline(outline, { kind: 'moveChapter', chapter: 2, by: -1 });
    expect(moved.chapters.map((c) => c.title)).toEqual(['第一章 绪论', '第三章 结论', '第二章 方法']);
    // Out of bounds: unchanged.
    expect(editOutline(outline, { kind: 'moveChapter', chapter: 0, by: -1 }).chapters).toEqual(outline.chapters);
    const removed = editOutline(outline, { kind: 'removeChapter', chapter: 0 });
    expect(removed.chapters).toHaveLength(2);
    const added = editOutline(outline, { kind: 'addSection', chapter: 2 });
    expect(added.chapters[2]!.sections).toEqual(['']);
    const named = editOutline(added, { kind: 'renameSection', chapter: 2, section: 0, text: '3.1 总结' });
    expect(named.chapters[2]!.sections).toEqual(['3.1 总结']);
    const swapped = editOutline(outline, { kind: 'moveSection', chapter: 0, section: 0, by: 1 });
    expect(swapped.chapters[0]!.sections).toEqual(['1.2 意义', '1.1 背景']);
    expect(editOutline(outline, { kind: 'removeSection', chapter: 0, section: 1 }).chapters[0]!.sections).toEqual(['1.1 背景']);
    let full = outline;
    for (let i = 0; i < 20; i++) full = editOutline(full, { kind: 'addChapter' });
    expect(full.chapters).toHaveLength(THESIS_CHAPTERS_MAX);
  });
});

describe('correction diff', () => {
  const text = '我们以经完成，，了任务';
  const corrections: Correction[] = [
    { id: 1, start: 2, end: 4, original: '以经', replacement: '已经', reason: '', type: 'typo' },
    { id: 2, start: 6, end: 8, original: '，，', replacement: '，', reason: '', type: 'punctuation' },
  ];
  it('applies only the accepted changes', () => {
    expect(applyCorrections(text, corrections, new Set())).toBe(text);
    expect(applyCorrections(text, corrections, acceptedIds({ 1: 'accepted', 2: 'rejected' }))).toBe('我们已经完成，，了任务');
    expect(applyCorrections(text, corrections, acceptedIds({ 1: 'accepted', 2: 'accepted' }))).toBe('我们已经完成，了任务');
  });
  it('cuts the text into same runs and changes with their decision', () => {
    expect(correctionSegments(text, corrections, { 2: 'rejected' })).toEqual([
      { kind: 'same', text: '我们' },
      { kind: 'change', id: 1, original: '以经', replacement: '已经', decision: 'open' },
      { kind: 'same', text: '完成' },
      { kind: 'change', id: 2, original: '，，', replacement: '，', decision: 'rejected' },
      { kind: 'same', text: '了任务' },
    ]);
  });
});
