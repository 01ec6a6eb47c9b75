import { describe, expect, it } from 'vitest';
import { THESIS_MSG } from '@wanxiang/contract';
import { demoCorrections, parseCorrections } from './correction';
import { abstractText, demoChapter, demoOutline, keepKnownCitations, splitAbstract, thesisForm } from './prompts';
import { arxivDoi, parseSearchTerms, referenceLine, searchKeywords, type ThesisReference } from './references';
import JSZip from 'jszip';
import { thesisRefusal } from '../../tools/tasks/thesis';
import { thesisDocx } from '../../tools/tasks/thesis-docx';

const text = '我们以经完成了任务，大家要再接再励，以经很好了。';

describe('parseCorrections', () => {
  it('locates each original span in the text, in order, with fences and chatter around the JSON', () => {
    const answer =
      '好的，以下是结果：\n```json\n{"corrections":[{"original":"再接再励","replacement":"再接再厉","reason":"错别字","type":"typo"},' +
      '{"original":"以经","replacement":"已经","reason":"错别字","type":"typo"},{"original":"以经","replacement":"已经","reason":"错别字","type":"typo"}]}\n```';
    const got = parseCorrections(answer, text)!;
    expect(got.map((c) => [c.id, c.original, c.start])).toEqual([
      [1, '以经', 2],
      [2, '再接再励', 13],
      [3, '以经', 18],
    ]);
    for (const c of got) expect(text.slice(c.start, c.end)).toBe(c.original);
  });

  it('drops spans not in the text, unchanged ones and bad items; an unknown type reads as style', () => {
    const answer = JSON.stringify({
      corrections: [
        { original: '不存在的句子', replacement: 'x', reason: '', type: 'typo' },
        { original: '任务', replacement: '任务', reason: '', type: 'typo' },
        { original: 42, replacement: 'x' },
        { original: '大家', replacement: '各位', type: 'tone' },
      ],
    });
    expect(parseCorrections(answer, text)).toEqual([{ id: 1, start: 10, end: 12, original: '大家', replacement: '各位', reason: '', type: 'style' }]);
  });

  it('reads a bare array; malformed answers are null, never a throw', () => {
    expect(parseCorrections('[{"original":"以经","replacement":"已经","reason":"","type":"typo"}]', text)).toHaveLength(1);
    expect(parseCorrections('{"corrections":[]}', text)).toEqual([]);
    for (const bad of ['', '没有发现问题', '{"corrections": [ {"original": "以经", ', '{"changes":[]}', '{"corrections":"以经"}', 'null', '[1,2', '{"corrections":[}']) {
      expect(parseCorrections(bad, text), bad).toBeNull();
    }
  });

  it('the demo answer is the JSON asked for, marked 演示', () => {
    const got = parseCorrections(demoCorrections(text, 'check'), text)!;
    expect(got.map((c) => c.replacement)).toEqual(['已经', '再接再厉', '已经']);
    expect(got[0]!.reason).toContain('演示');
  });
});

describe('thesis prompts and references', () => {
  const form = thesisForm({ title: '注意力机制研究', length: '5000' });
  const refs: ThesisReference[] = [{ n: 1, title: 'Attention Is All You Need', authors: 'A. Vaswani', year: '2017', venue: 'NeurIPS', doi: 'https://doi.org/10.48550/arxiv.1706.03762' }];

  it('the demo outline has chapters and sections; a demo chapter cites only listed references', () => {
    const outline = demoOutline(form);
    expect(outline.startsWith('# 注意力机制研究\n## 第一章')).toBe(true);
    const parsed = { title: form.title, chapters: [{ title: '第一章 绪论', sections: ['1.1 背景'] }] };
    expect(demoChapter(form, parsed, 0, refs)).toContain('[1]');
    expect(demoChapter(form, parsed, 0, [])).not.toMatch(/\[\d\]/);
    expect(keepKnownCitations('见[1]与[7]。', refs)).toBe('见[1]与。');
    expect(abstractText(form, parsed, 0)).toContain(THESIS_MSG.noReferences);
  });

  it('splits a written abstract from its keywords line', () => {
    expect(splitAbstract('## 摘要\n摘要：本文研究了注意力机制。\n\n关键词：注意力；Transformer')).toEqual({ text: '本文研究了注意力机制。', keywords: '注意力；Transformer' });
    expect(splitAbstract('Only text.')).toEqual({ text: 'Only text.', keywords: '' });
  });

  it('prints references with their DOI and derives arXiv DOIs', () => {
    expect(referenceLine(refs[0]!)).toBe('[1] A. Vaswani. Attention Is All You Need[J]. NeurIPS, 2017.');
    expect(referenceLine({ ...refs[0]!, authors: 'A, B, C, et al.', venue: 'arXiv' })).toBe('[1] A, B, C, et al. Attention Is All You Need[EB/OL]. arXiv, 2017.');
    expect(arxivDoi('2401.01234v2')).toBe('https://doi.org/10.48550/arXiv.2401.01234');
    expect(arxivDoi('not an id')).toBe('');
  });

  it('turns the model answer lines into English search terms, tried before the title and field', () => {
    expect(parseSearchTerms('1. attention mechanism\n- "transformer models"\n注意力机制\n\nself-attention in NLP\nextra phrase four')).toEqual([
      'attention mechanism',
      'transformer models',
      'self-attention in NLP',
    ]);
    expect(searchKeywords(['attention mechanism'], '注意力机制研究', '')).toEqual(['attention mechanism', '注意力机制研究']);
  });

  it('refuses a task without a title or chapters before anything is held', () => {
    expect(thesisRefusal({ title: '', outline: '## 第一章' })).toBe(THESIS_MSG.titleRequired);
    expect(thesisRefusal({ title: '题目', outline: '# 只有题目' })).toBe(THESIS_MSG.outlineRequired);
    expect(thesisRefusal({ title: '题目', outline: '## 第一章 绪论' })).toBeNull();
  });
});

describe('thesis DOCX', () => {
  it('an English document is labelled in English; a markdown table in a chapter becomes rows without its separator', async () => {
    const refs: ThesisReference[] = [{ n: 1, title: 'Attention Is All You Need', authors: 'A. Vaswani', year: '2017', venue: 'arXiv', doi: 'https://doi.org/10.48550/arXiv.1706.03762' }];
    const docx = await thesisDocx(
      {
        title: 'Attention in NLP',
        field: '',
        type: '期刊论文',
        date: '2026-11-26',
        abstract: 'This paper studies attention.',
        keywords: 'attention; NLP',
        chapters: [{ title: 'Chapter 1 Introduction', body: '### 1.1 Background\nAttention helps [1].\n| Model | Year |\n| --- | --- |\n| Transformer | 2017 |' }],
        references: refs,
        english: true,
      },
      'unit',
    );
    const zip = await JSZip.loadAsync(docx);
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
    for (const want of ['Contents', 'Abstract', 'Keywords: ', 'References', 'Model　Year', 'Transformer　2017', '[1] A. Vaswani. Attention Is All You Need[EB/OL]. arXiv, 2017.']) expect(text).toContain(want);
    expect(text).not.toContain('---');
    const footer = (await Promise.all(Object.keys(zip.files).filter((n) => /^word\/footer\d*\.xml$/.test(n)).map((n) => zip.file(n)!.async('string')))).join('');
    expect(footer).toContain('Page ');
    expect(await zip.file('docProps/custom.xml')!.async('string')).toContain('AIGC');
  });
});
