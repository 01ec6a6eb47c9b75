import JSZip from 'jszip';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { parseOutline } from '@wanxiang/contract';
import { buildPptx } from './builder/build';
import { BULLETS_PER_SLIDE, deckFromOutline } from './deck';
import { convertPptx, sofficeAvailable } from './office';
import { templateRegistry } from './templates';

const OUTLINE = `# 智慧农业\n- 科技赋能乡村\n## 现状\n### 发展基础\n- 农机普及率提升\n- 物联网试点\n## 应用\n### 精准灌溉\n- 传感器监测土壤\n- 按需滴灌节水`;

describe('outline parsing', () => {
  it('reads the outline tree of docs/product/mindmap-and-slides.md §3 with parents and depths', () => {
    const nodes = parseOutline(OUTLINE);
    expect(nodes.map((n) => [n.tag, n.title, n.depth])).toEqual([
      ['title', '智慧农业', 0],
      ['chapter', '现状', 1],
      ['slide', '发展基础', 2],
      ['chapter', '应用', 1],
      ['slide', '精准灌溉', 2],
    ]);
    expect(nodes[2]!.parentId).toBe(nodes[1]!.id);
    expect(nodes[2]!.content).toEqual(['农机普及率提升', '物联网试点']);
    expect(nodes[0]!.content).toEqual(['科技赋能乡村']);
  });

  it('makes slides: title, agenda, section + content per chapter, closing; long lists split', () => {
    const deck = deckFromOutline(OUTLINE);
    expect(deck.slides.map((s) => s.kind)).toEqual(['title', 'agenda', 'section', 'content', 'section', 'content', 'closing']);
    expect(deck.slides[0]).toMatchObject({ title: '智慧农业', subtitle: '科技赋能乡村' });
    expect(deck.slides[1]!.bullets).toEqual(['现状', '应用']);
    const many = deckFromOutline(`# T\n## A\n### B\n${Array.from({ length: 8 }, (_, i) => `- 点${i}`).join('\n')}`);
    const content = many.slides.filter((s) => s.kind === 'content');
    expect(content.map((s) => s.bullets.length)).toEqual([BULLETS_PER_SLIDE, 2]);
    expect(content[1]!.title).toBe('B（续）');
  });

  it('takes bullets without headings as one slide, and fences and emphasis are dropped', () => {
    const deck = deckFromOutline('```markdown\n- **第一点**\n- 第二点\n```');
    expect(deck.title).toBe('第一点');
    expect(deck.slides.find((s) => s.kind === 'content')?.bullets).toEqual(['第二点']);
  });
});

describe('pptx builder', () => {
  const deck = deckFromOutline(OUTLINE);
  it.each(
    templateRegistry()
      .list()
      .map((t) => [t.id, t] as const),
  )('%s: a zip with one slide xml per slide and the titles', async (_id, t) => {
    const zip = await JSZip.loadAsync(await buildPptx(deck, t));
    const slides = Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
    expect(slides).toHaveLength(deck.slides.length);
    expect(await zip.file('ppt/slides/slide1.xml')!.async('string')).toContain('智慧农业');
    expect(await zip.file('ppt/slides/slide4.xml')!.async('string')).toContain('发展基础');
    expect(await zip.file('ppt/slides/slide4.xml')!.async('string')).toContain(`srgbClr val="${t.palette.background}"`);
  });
});

const haveSoffice = await sofficeAvailable();
if (!haveSoffice) console.log('soffice (LibreOffice) not installed: skipping the real-reader test of a built deck');

describe.skipIf(!haveSoffice)('a built deck opened by LibreOffice', () => {
  it('converts to a PDF with one page per slide and the title text', { timeout: 240_000 }, async () => {
    const deck = deckFromOutline(OUTLINE);
    const pdf = await convertPptx(await buildPptx(deck, templateRegistry().get('vermilion-guochao')!), 'pdf', 200_000);
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    expect(doc.numPages).toBe(deck.slides.length);
    const { text } = await extractText(doc, { mergePages: false });
    expect(text[0]).toContain('智慧农业');
    expect(text[3]).toContain('发展基础');
  });
});
