import { describe, expect, it } from 'vitest';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { epubWith, pdfPagesWith, pptxWith, xlsxWith } from '../../../../test/fixtures/documents';
import { zipBomb } from '../../../../test/fixtures/bombs';
import { DocumentReadError, readDocumentSections } from './index';

/** Document parts for the library, read in the real parsing thread: each keeps its page, heading, slide, sheet or chapter. */
describe('readDocumentSections', () => {
  it('DOCX: one part per heading, the text under it', async () => {
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph('封面说明'),
            new Paragraph({ text: '一、项目背景', heading: HeadingLevel.HEADING_1 }),
            new Paragraph('背景正文。'),
            new Paragraph({ text: '1.1 市场现状', heading: HeadingLevel.HEADING_2 }),
            new Paragraph('市场正文。'),
          ],
        },
      ],
    });
    const parts = await readDocumentSections('docx', await Packer.toBuffer(doc));
    expect(parts.map((p) => [p.title, p.text])).toEqual([
      ['', '封面说明'],
      ['一、项目背景', '背景正文。'],
      ['1.1 市场现状', '市场正文。'],
    ]);
  });

  it('PDF pages, PPTX slides, XLSX sheets and EPUB chapters in order', async () => {
    const pdf = await readDocumentSections('pdf', pdfPagesWith(['first page', 'second page']));
    expect(pdf.map((p) => [p.page, p.text])).toEqual([
      [1, 'first page'],
      [2, 'second page'],
    ]);
    const pptx = await readDocumentSections(
      'pptx',
      await pptxWith([
        ['开场', '欢迎'],
        ['结论', '谢谢'],
      ]),
    );
    expect(pptx.map((p) => [p.page, p.title, p.text])).toEqual([
      [1, '开场', '开场\n欢迎'],
      [2, '结论', '结论\n谢谢'],
    ]);
    const xlsx = await readDocumentSections(
      'xlsx',
      await xlsxWith([
        ['城市', '销量'],
        ['杭州', 12],
      ]),
    );
    expect(xlsx).toEqual([{ title: '销售', text: '城市\t销量\n杭州\t12' }]);
    const epub = await readDocumentSections('epub', await epubWith(['甲章内容', '乙章内容']));
    expect(epub.map((p) => [p.title, p.text])).toEqual([
      ['第1章', '第1章\n甲章内容'],
      ['第2章', '第2章\n乙章内容'],
    ]);
  });

  it('refuses a zip bomb before reading it', async () => {
    await expect(readDocumentSections('docx', await zipBomb('docx', 300 * 1024 * 1024))).rejects.toSatisfy(
      (e) => e instanceof DocumentReadError && e.reason === 'too-large',
    );
  });
});
