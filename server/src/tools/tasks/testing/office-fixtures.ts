import ExcelJS from 'exceljs';
import { Document, Footer, Header, ImageRun, Packer, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import PptxGenJS from 'pptxgenjs';
import sharp from 'sharp';

/**
 * Office and PDF files for the document translation tests and benchmark: real files made by the
 * libraries the product already uses (docx, pptxgenjs, exceljs, pdf-lib), each with paragraphs,
 * a table and a picture, so a translation can be checked to keep all three.
 */

export const SAMPLE_LINES = [
  'The quarterly report shows steady growth in every region.',
  'Our team shipped the new translation feature ahead of schedule.',
  'Customers asked for bilingual documents that keep their layout.',
  'Please review the attached table before the meeting on Friday.',
];

export async function samplePng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer();
}

const png = await samplePng();

function table(rows: string[][]): Table {
  return new Table({ rows: rows.map((r) => new TableRow({ children: r.map((c) => new TableCell({ children: [new Paragraph(c)] })) })) });
}

/** A DOCX of `pages` pages (page breaks), each with paragraphs (one with two styled runs), a table and a picture; a header and footer. */
export async function sampleDocx(pages = 1, paragraphsPerPage = SAMPLE_LINES.length): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [];
  for (let p = 0; p < pages; p++) {
    for (let i = 0; i < paragraphsPerPage; i++) {
      const line = `${SAMPLE_LINES[i % SAMPLE_LINES.length]} (page ${p + 1}, paragraph ${i + 1})`;
      children.push(new Paragraph({ children: i === 0 ? [new TextRun({ text: 'Bold start: ', bold: true }), new TextRun(line)] : [new TextRun(line)] }));
    }
    children.push(table([
      ['Region', 'Revenue'],
      ['North', '1,200'],
    ]));
    children.push(new Paragraph({ children: [new ImageRun({ type: 'png', data: png, transformation: { width: 64, height: 48 } })] }));
    children.push(new Paragraph({ children: [new TextRun('2026-11-26')] }));
    if (p < pages - 1) children.push(new Paragraph({ children: [new PageBreak()] }));
  }
  const doc = new Document({
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph('Company confidential')] }) },
        footers: { default: new Footer({ children: [new Paragraph('Page footer text')] }) },
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** A PPTX: a title slide, a slide with bullets and a table, a slide with a picture and notes. */
export async function samplePptx(): Promise<Buffer> {
  const pptx = new PptxGenJS();
  const s1 = pptx.addSlide();
  s1.addText('Quarterly review', { x: 0.5, y: 0.5, w: 9, h: 1, fontSize: 32, bold: true });
  s1.addText(SAMPLE_LINES[0]!, { x: 0.5, y: 2, w: 9, h: 1 });
  const s2 = pptx.addSlide();
  s2.addText(
    SAMPLE_LINES.slice(1).map((t) => ({ text: t, options: { bullet: true, breakLine: true } })),
    { x: 0.5, y: 0.5, w: 9, h: 2 },
  );
  s2.addTable([
    [{ text: 'Region' }, { text: 'Revenue' }],
    [{ text: 'North' }, { text: '1,200' }],
  ], { x: 0.5, y: 3, w: 6 });
  const s3 = pptx.addSlide();
  s3.addImage({ data: `image/png;base64,${png.toString('base64')}`, x: 1, y: 1, w: 2, h: 1.5 });
  s3.addText('A picture of our new office', { x: 3.5, y: 1, w: 5, h: 1 });
  s3.addNotes('Remember to thank the design team.');
  return (await pptx.write({ outputType: 'nodebuffer' })) as Buffer;
}

/** An XLSX: a header row, text and numbers, a rich-text cell, a picture. */
export async function sampleXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Report');
  ws.addRow(['Region', 'Comment', 'Revenue']);
  ws.addRow(['North', SAMPLE_LINES[0], 1200]);
  ws.addRow(['South', SAMPLE_LINES[1], 900]);
  ws.getCell('B4').value = { richText: [{ text: 'Rich ', font: { bold: true } }, { text: 'text cell' }] };
  const img = wb.addImage({ buffer: png as unknown as ExcelJS.Buffer, extension: 'png' });
  ws.addImage(img, 'E2:F6');
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A PDF of `pages` pages of English text (a text layer, as a born-digital PDF has). */
export async function samplePdf(pages = 3): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    let y = 780;
    page.drawText(`Chapter ${p + 1}`, { x: 50, y, size: 18, font });
    y -= 40;
    for (const line of SAMPLE_LINES) {
      page.drawText(line, { x: 50, y, size: 11, font });
      y -= 30;
    }
  }
  return Buffer.from(await doc.save());
}
