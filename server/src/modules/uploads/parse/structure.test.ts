import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { docxWith, pptxWith } from '../../../../test/fixtures/documents';
import { readDocumentText } from './index';
import { htmlToMarkdown } from './structure';

/** Reading with structure (a mind map or a deck from a document): headings, lists, tables and slide titles as Markdown. */
describe('structured reading', () => {
  it('mammoth HTML to Markdown: headings, list items, table rows; a Title lifts the headings one level', () => {
    expect(htmlToMarkdown('<h1>一</h1><p>正文 &amp; 说明</p><ul><li>要点</li></ul><table><tr><td><p>甲</p></td><td><p>乙</p></td></tr></table>')).toBe(
      '# 一\n正文 & 说明\n- 要点\n甲 | 乙',
    );
    expect(htmlToMarkdown('<h1 class="doc-title">报告</h1><h1>第一章</h1><h2>一节</h2>')).toBe('# 报告\n## 第一章\n### 一节');
  });

  it('a DOCX without heading styles still reads as its paragraphs', async () => {
    expect(await readDocumentText('docx', await docxWith(['第一段', '第二段']), { structured: true })).toBe('第一段\n第二段');
  });

  it('a PPTX without placeholders: each slide titled by its first line, the first slide as the deck title', async () => {
    const text = await readDocumentText('pptx', await pptxWith([['封面', '副标题'], ['第二页', '要点甲', '要点乙']]), { structured: true });
    expect(text).toBe('# 封面\n- 副标题\n\n## 第二页\n- 要点甲\n- 要点乙');
  });

  it('a PPTX text box named like a title is the title, wherever it sits', async () => {
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<Types/>');
    const sp = (name: string, text: string) => `<p:sp><p:nvSpPr><p:cNvPr id="1" name="${name}"/></p:nvSpPr><p:txBody><a:p><a:r><a:t>${text}</a:t></a:r></a:p></p:txBody></p:sp>`;
    zip.file('ppt/slides/slide1.xml', `<p:sld xmlns:a="a" xmlns:p="p"><p:cSld><p:spTree>${sp('正文 2', '说明文字')}${sp('标题 1', '真正的标题')}</p:spTree></p:cSld></p:sld>`);
    expect(await readDocumentText('pptx', await zip.generateAsync({ type: 'nodebuffer' }), { structured: true })).toBe('# 真正的标题\n- 说明文字');
  });
});
