import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { MSG } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../../test/app';
import { docxWith, pdfOfPages, pdfWith } from '../../../../test/fixtures/documents';
import { TaskFailure, type TaskRow } from '../../../jobs';
import { runningTask } from '../../../jobs/testing/engine';
import { readFileBytes, saveFile } from '../../../modules/files/service';
import { findTaskHandler } from '../index';
import { binaryAvailable, runBinary } from '../../../infra/process/run-binary';
import { pageParagraphs } from './text-docx';
import { recordingTools } from '../testing/recording-tools';

/**
 * Every /PdfTools operation's handler run directly (no queue) on real files: page counts of the
 * results read back with pdf-lib (and pdfinfo where poppler is installed), DOCX results opened
 * with mammoth, pictures decoded with sharp. Operations that need poppler-utils or LibreOffice
 * skip with one line where the binary is missing (scripts/ensure-install.mjs --browser installs both).
 */

const hasPoppler = await binaryAvailable('pdftoppm');
const hasOffice = await binaryAvailable(process.env.SOFFICE_BIN ?? 'soffice', ['--version']);
if (!hasPoppler) console.warn('skip: pdftoppm/pdftotext (poppler-utils) not installed: PDF to images and PDF to Word are not checked');
if (!hasOffice) console.warn('skip: soffice (LibreOffice) not installed: Word to PDF and layout PDF to Word are not checked');

describe('PDF tool handlers', () => {
  let t: TestApp;
  let userId: number;

  const upload = async (name: string, contentType: string, body: Buffer) => (await saveFile(t.ctx, { userId, name, contentType, body, purpose: 'upload' })).id;
  const uploadPdf = (name: string, body: Buffer) => upload(name, 'application/pdf', body);

  beforeAll(async () => {
    t = await createTestApp('pglite');
    userId = (await t.loginAs()).user.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const toolsFor = (task: TaskRow) => recordingTools(t.ctx, task);

  async function run(toolId: string, inputs: TaskRow['inputs']) {
    const task = runningTask(userId, toolId, inputs);
    const handler = findTaskHandler(t.ctx, toolId)!;
    const outcome = await handler.run(task, toolsFor(task).tools);
    const files = await Promise.all(outcome.files.map(async (f) => ({ ...f, data: (await readFileBytes(t.ctx, userId, f.id)).data })));
    return { outcome, files };
  }

  const pageCount = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPageCount();
  /** The text of each page's content (our fixtures' pages each say "Page N ..."). */
  const pageTexts = async (pdf: Buffer) => {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
    return (text as string[]).map((s) => s.trim());
  };

  it('合并: three PDFs in field order, every page kept', async () => {
    const a = await uploadPdf('a.pdf', pdfOfPages(3));
    const b = await uploadPdf('b.pdf', pdfWith('Second file'));
    const c = await uploadPdf('c.pdf', pdfOfPages(2));
    const { outcome, files } = await run('pdfMerge', { file1: a, file2: b, file3: c });
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: 'a-合并.pdf', contentType: 'application/pdf' });
    expect(await pageCount(files[0]!.data)).toBe(6);
    const texts = await pageTexts(files[0]!.data);
    expect(texts[0]).toMatch(/^Page 1 /);
    expect(texts[3]).toBe('Second file');
    expect(texts[5]).toMatch(/^Page 2 /);
    expect(outcome.text).toBe(MSG.pdfMergedNote(3, 6));
    if (hasPoppler) expect((await runBinaryOn('pdfinfo', files[0]!.data)).toString()).toMatch(/Pages:\s+6/);
  });

  it('拆分: every page one PDF in a zip; by ranges one PDF per range; one range is the PDF itself', async () => {
    const id = await uploadPdf('report.pdf', pdfOfPages(5));
    const every = await run('pdfSplit', { file: id, mode: 'every' });
    expect(every.files[0]).toMatchObject({ name: 'report-拆分.zip', contentType: 'application/zip' });
    const zip = await JSZip.loadAsync(every.files[0]!.data);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(['report-第1页.pdf', 'report-第2页.pdf', 'report-第3页.pdf', 'report-第4页.pdf', 'report-第5页.pdf']);
    const third = await zip.file('report-第3页.pdf')!.async('nodebuffer');
    expect(await pageCount(third)).toBe(1);
    expect((await pageTexts(third))[0]).toMatch(/^Page 3 /);

    const ranged = await run('pdfSplit', { file: id, mode: 'ranges', pages: '1-2，3-5' });
    const parts = await JSZip.loadAsync(ranged.files[0]!.data);
    expect(Object.keys(parts.files).sort()).toEqual(['report-第1-2页.pdf', 'report-第3-5页.pdf']);
    expect(await pageCount(await parts.file('report-第3-5页.pdf')!.async('nodebuffer'))).toBe(3);
    expect(ranged.outcome.text).toBe(MSG.pdfSplitNote(2));

    const one = await run('pdfSplit', { file: id, mode: 'ranges', pages: '2-4' });
    expect(one.files[0]).toMatchObject({ name: 'report-第2-4页.pdf', contentType: 'application/pdf' });
    expect(await pageCount(one.files[0]!.data)).toBe(3);
  });

  it('提取页面: the pages asked, in the order asked', async () => {
    const id = await uploadPdf('report.pdf', pdfOfPages(8));
    const { outcome, files } = await run('pdfExtract', { file: id, pages: '5, 1-2, 8' });
    expect(files[0]).toMatchObject({ name: 'report-提取.pdf' });
    const texts = await pageTexts(files[0]!.data);
    expect(texts.map((s) => s.split(' ')[1])).toEqual(['5', '1', '2', '8']);
    expect(outcome.text).toBe(MSG.pdfExtractNote(4));
  });

  it('页码 checks: bad lists refused at submit, pages beyond the file refused against the real count', async () => {
    const extract = findTaskHandler(t.ctx, 'pdfExtract')!;
    expect(extract.refuse?.({ pages: '1-3,abc' })).toBe(MSG.pdfPagesBad);
    expect(extract.refuse?.({ pages: '0' })).toBe(MSG.pdfPagesBad);
    expect(extract.refuse?.({ pages: '1-3, 7' })).toBeNull();
    const split = findTaskHandler(t.ctx, 'pdfSplit')!;
    expect(split.refuse?.({ mode: 'ranges' })).toBe(MSG.pdfRangesRequired);
    expect(split.refuse?.({ mode: 'every' })).toBeNull();
    expect(split.refuse?.({ mode: 'ranges', pages: Array.from({ length: 51 }, (_, i) => `${i + 1}`).join(',') })).toBe(MSG.pdfRangesTooMany(50));
    const id = await uploadPdf('short.pdf', pdfOfPages(3));
    expect(await extract.inspect?.({ file: id, pages: '2-4' }, userId)).toBe(MSG.pdfPagesOutOfRange(3));
    expect(await extract.inspect?.({ file: id, pages: '2-3' }, userId)).toBeNull();
    await expect(run('pdfExtract', { file: id, pages: '9' })).rejects.toEqual(new TaskFailure(MSG.pdfPagesOutOfRange(3)));
  });

  it.skipIf(!hasPoppler)('PDF转图片: one page is one PNG at the chosen DPI; several pages a zip of PNGs', async () => {
    const id = await uploadPdf('report.pdf', pdfOfPages(3));
    const one = await run('pdfToImages', { file: id, dpi: '72', pages: '2' });
    expect(one.files[0]).toMatchObject({ name: 'report-第2页.png', contentType: 'image/png', width: 612, height: 792 });
    const meta = await sharp(one.files[0]!.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 612, 792]);

    const all = await run('pdfToImages', { file: id, dpi: '150' });
    expect(all.files[0]).toMatchObject({ name: 'report-图片.zip' });
    const zip = await JSZip.loadAsync(all.files[0]!.data);
    expect(Object.keys(zip.files).sort()).toEqual(['report-第1页.png', 'report-第2页.png', 'report-第3页.png']);
    const page = await sharp(await zip.file('report-第1页.png')!.async('nodebuffer')).metadata();
    expect([page.width, page.height]).toEqual([1275, 1650]);
    expect(all.outcome.text).toBe(MSG.pdfImagesNote(3));
  }, 60_000);

  it('PDF转图片 refuses more than 50 pages without a page list', async () => {
    const id = await uploadPdf('long.pdf', pdfOfPages(60));
    expect(await findTaskHandler(t.ctx, 'pdfToImages')!.inspect?.({ file: id, dpi: '72' }, userId)).toBe(MSG.pdfPagesTooMany(50));
    expect(await findTaskHandler(t.ctx, 'pdfToImages')!.inspect?.({ file: id, dpi: '72', pages: '51-60' }, userId)).toBeNull();
  });

  it('图片转PDF: one page per picture, A4 portrait or landscape by the picture, or the picture\'s own size', async () => {
    const tall = await upload('tall.png', 'image/png', await sharp({ create: { width: 300, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer());
    const wide = await upload('wide.jpg', 'image/jpeg', await sharp({ create: { width: 800, height: 400, channels: 3, background: '#3366cc' } }).jpeg().toBuffer());
    const a4 = await run('imagesToPdf', { image1: tall, image2: wide, pageSize: 'a4' });
    expect(a4.files[0]).toMatchObject({ name: 'tall.pdf', contentType: 'application/pdf' });
    const doc = await PDFDocument.load(a4.files[0]!.data);
    expect(doc.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())])).toEqual([
      [595, 842],
      [842, 595],
    ]);
    const fit = await run('imagesToPdf', { image1: wide, pageSize: 'fit' });
    const page = (await PDFDocument.load(fit.files[0]!.data)).getPage(0);
    expect([page.getWidth(), page.getHeight()]).toEqual([600, 300]);
    if (hasPoppler) {
      // The transparent picture was put on white, not black: the middle of page 1 is white.
      const png = await runBinaryOn('pdftoppm', a4.files[0]!.data, ['-png', '-r', '20', '-f', '1', '-l', '1', '-singlefile']);
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const mid = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
      expect(data[mid]).toBeGreaterThan(240);
    }
  });

  it('图片转PDF: a file that is not a picture fails in Chinese', async () => {
    const fake = await upload('fake.png', 'image/png', Buffer.from('not a picture at all'));
    expect(await findTaskHandler(t.ctx, 'imagesToPdf')!.inspect?.({ image1: fake }, userId)).toBe(MSG.imgUnreadable('图片 1'));
  });

  it.skipIf(!hasPoppler)('PDF转Word (可编辑文字): one Word page per PDF page, the text in paragraphs', async () => {
    const id = await uploadPdf('report.pdf', pdfOfPages(3));
    const { outcome, files } = await run('pdfToWord', { file: id, mode: 'text' });
    expect(files[0]).toMatchObject({ name: 'report.docx' });
    const { value } = await mammoth.extractRawText({ buffer: files[0]!.data });
    expect(value).toContain('Page 1 of a long report, line of text');
    expect(value).toContain('Page 3 of a long report, line of text');
    const xml = await (await JSZip.loadAsync(files[0]!.data)).file('word/document.xml')!.async('string');
    expect(xml.match(/<w:br w:type="page"\/>/g)).toHaveLength(2);
    expect(outcome.text).toBe(MSG.pdfWordNote(3));
  });

  it.skipIf(!hasPoppler)('PDF转Word: a PDF with no text layer says to use 文字识别', async () => {
    const blank = await PDFDocument.create();
    blank.addPage();
    const id = await uploadPdf('scan.pdf', Buffer.from(await blank.save()));
    await expect(run('pdfToWord', { file: id, mode: 'text' })).rejects.toEqual(new TaskFailure(MSG.pdfNoTextLayer));
  });

  it.skipIf(!hasOffice)('PDF转Word (保留版式) through LibreOffice: a DOCX with the text', async () => {
    const id = await uploadPdf('report.pdf', pdfOfPages(2));
    const { files } = await run('pdfToWord', { file: id, mode: 'layout' });
    const zip = await JSZip.loadAsync(files[0]!.data);
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain('Page 2 of a long report');
  }, 180_000);

  it.skipIf(!hasOffice)('Word转PDF: the document as PDF, its text and table kept, page count read back', async () => {
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ children: [new TextRun('Quarterly report')] }),
            new Table({ rows: [new TableRow({ children: [new TableCell({ children: [new Paragraph('Revenue')] }), new TableCell({ children: [new Paragraph('42')] })] })] }),
            new Paragraph({ pageBreakBefore: true, children: [new TextRun('Second page')] }),
          ],
        },
      ],
    });
    const id = await upload('report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', await Packer.toBuffer(doc));
    const { outcome, files } = await run('wordToPdf', { file: id });
    expect(files[0]).toMatchObject({ name: 'report.pdf', contentType: 'application/pdf' });
    expect(await pageCount(files[0]!.data)).toBe(2);
    const text = (await pageTexts(files[0]!.data)).join('\n');
    expect(text).toContain('Quarterly report');
    expect(text).toContain('Revenue');
    expect(outcome.text).toBe(MSG.pdfFromWordNote(2));
  }, 180_000);

  it('Word转PDF: a broken DOCX is refused before LibreOffice sees it', async () => {
    const broken = await upload('broken.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', Buffer.from('PK\u0003\u0004 broken'));
    expect(await findTaskHandler(t.ctx, 'wordToPdf')!.inspect?.({ file: broken }, userId)).toBe(MSG.docxUnreadable('Word 文件'));
    const noBody = await upload('nobody.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', await new JSZip().file('x.txt', 'x').generateAsync({ type: 'nodebuffer' }));
    expect(await findTaskHandler(t.ctx, 'wordToPdf')!.inspect?.({ file: noBody }, userId)).toBe(MSG.docxUnreadable('Word 文件'));
    const fine = await upload('fine.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', await docxWith(['正文']));
    expect(await findTaskHandler(t.ctx, 'wordToPdf')!.inspect?.({ file: fine }, userId)).toBeNull();
  });

  it('a converter that is not installed: Word转PDF and PDF转图片 fail in Chinese, PDF转Word (保留版式) falls back to text and says so', async () => {
    const saved = { soffice: process.env.SOFFICE_BIN, pdftoppm: process.env.PDFTOPPM_BIN };
    process.env.SOFFICE_BIN = '/nonexistent/soffice';
    process.env.PDFTOPPM_BIN = '/nonexistent/pdftoppm';
    try {
      const docx = await upload('a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', await docxWith(['正文']));
      await expect(run('wordToPdf', { file: docx })).rejects.toEqual(new TaskFailure(MSG.pdfToolMissing));
      const pdf = await uploadPdf('report.pdf', pdfOfPages(2));
      await expect(run('pdfToImages', { file: pdf, dpi: '72' })).rejects.toEqual(new TaskFailure(MSG.pdfToolMissing));
      if (hasPoppler) {
        const { outcome, files } = await run('pdfToWord', { file: pdf, mode: 'layout' });
        expect(outcome.text).toBe(`${MSG.pdfWordNote(2)}\n${MSG.pdfLayoutFallback}`);
        expect((await mammoth.extractRawText({ buffer: files[0]!.data })).value).toContain('Page 2 of a long report');
      }
    } finally {
      for (const [key, value] of [['SOFFICE_BIN', saved.soffice], ['PDFTOPPM_BIN', saved.pdftoppm]] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  it('lines of a page join into paragraphs: Chinese without spaces, a short line ends one', () => {
    const text = ['这是第一段的第一行文字内容，很长很长很长很长', '接着第一段的第二行文字内容。', '', 'A Latin paragraph that runs over', 'two lines of the page here.', 'Heading'].join('\n');
    expect(pageParagraphs(text)).toEqual(['这是第一段的第一行文字内容，很长很长很长很长接着第一段的第二行文字内容。', 'A Latin paragraph that runs over two lines of the page here.', 'Heading']);
  });
});

/** Run a poppler tool on PDF bytes (written to a temp file); answers its stdout or the single output file. */
async function runBinaryOn(bin: string, pdf: Buffer, args: string[] = []): Promise<Buffer> {
  const { mkdtemp, readFile, rm, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = await mkdtemp(join(tmpdir(), 'wx-pdf-test-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    if (bin === 'pdftoppm') {
      await runBinary(bin, [...args, join(dir, 'in.pdf'), join(dir, 'out')], { timeoutMs: 30_000 });
      return await readFile(join(dir, 'out.png'));
    }
    return await runBinary(bin, [...args, join(dir, 'in.pdf')], { timeoutMs: 30_000 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
