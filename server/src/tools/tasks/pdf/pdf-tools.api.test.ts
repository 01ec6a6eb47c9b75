import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { PDFDocument } from 'pdf-lib';
import pino from 'pino';
import sharp from 'sharp';
import { MSG, type Envelope, type StoredFile, type TaskInfo } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../../test/app';
import { pdfBomb, zipBomb } from '../../../../test/fixtures/bombs';
import { docxWith, pdfOfPages, pdfWith } from '../../../../test/fixtures/documents';
import { multipartBody } from '../../../../test/multipart';
import type { RunningTaskEngine } from '../../../jobs';
import { startTasks } from '../../../modules/tasks/lifecycle';
import { quotaUsage } from '../../../modules/quota/service';
import { binaryAvailable } from '../../../infra/process/run-binary';

/**
 * The PDF tools and 文字识别 through the real routes (files upload, POST /api/v1/tools/{id}/run,
 * GET /api/v1/tasks/{id}, the result download) and the task engine in demo mode: a merge and an
 * OCR end to end with their counts charged once, and every bad input a Chinese 400 at submit with
 * nothing held: wrong type, empty file, a 2,000-page PDF, a PDF and a DOCX decompression bomb, a
 * page list that is not one, another user's file.
 */

const hasPoppler = await binaryAvailable('pdftoppm');
if (!hasPoppler) console.warn('skip: pdftoppm (poppler-utils) not installed: OCR of a PDF is not checked');

describe('PDF tools and OCR through the API', () => {
  let t: TestApp;
  let engine: RunningTaskEngine;

  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { TZ_BUSINESS: 'UTC', TASK_POLL_MAX_MS: '100' } });
    engine = await startTasks(t.ctx, pino({ level: 'silent' }), { workers: true });
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  const upload = async (token: string, name: string, data: Buffer) => {
    const body = await multipartBody({ name, data });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/files/upload', headers: { token, ...body.headers }, payload: body.payload });
    return { status: res.statusCode, body: res.json<Envelope<StoredFile>>() };
  };
  const uploaded = async (token: string, name: string, data: Buffer) => {
    const res = await upload(token, name, data);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  const runTool = async (token: string, id: string, inputs: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/tools/${id}/run`, headers: { token }, payload: { inputs } });
    return { status: res.statusCode, body: res.json<Envelope<{ task_id: string }>>() };
  };
  const finished = async (token: string, id: string): Promise<TaskInfo> => {
    let info: TaskInfo | undefined;
    await expect
      .poll(
        async () => {
          info = (await t.app.inject({ method: 'GET', url: `/api/v1/tasks/${id}`, headers: { token } })).json<Envelope<TaskInfo>>().data;
          return info.status;
        },
        { timeout: 60_000, interval: 200 },
      )
      .toMatch(/succeeded|failed/);
    return info!;
  };
  const download = async (token: string, url: string) => (await t.app.inject({ method: 'GET', url, headers: { token } })).rawPayload;

  it('合并 two PDFs: the task succeeds, the merged file has every page, one count of pdf_tools is used', async () => {
    const { token, user } = await t.loginAs();
    const a = await uploaded(token, '甲.pdf', pdfOfPages(2));
    const b = await uploaded(token, '乙.pdf', pdfWith('Second file'));
    const submitted = await runTool(token, 'pdfMerge', { file1: a, file2: b });
    expect(submitted.status).toBe(200);
    const info = await finished(token, submitted.body.data.task_id);
    expect(info.status, info.error ?? '').toBe('succeeded');
    expect(info.result!.text).toBe(MSG.pdfMergedNote(2, 3));
    const file = info.result!.files[0]!;
    expect(file.name).toBe('甲-合并.pdf');
    expect((await PDFDocument.load(await download(token, file.url))).getPageCount()).toBe(3);
    expect(await quotaUsage(t.ctx, user.id, 'pdf_tools')).toEqual({ used: 1, reserved: 0 });
  });

  it('文字识别 of a picture in demo mode: the demo answer marked 演示, with a table, as text and as a labelled DOCX', async () => {
    const { token, user } = await t.loginAs();
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#ffffff' } })
      .composite([{ input: Buffer.from('<svg width="400" height="200"><text x="20" y="100" font-size="40">发票 123</text></svg>') }])
      .png()
      .toBuffer();
    const id = await uploaded(token, '发票.png', png);
    const submitted = await runTool(token, 'AiORCModel', { file: id });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const info = await finished(token, submitted.body.data.task_id);
    expect(info.status, info.error ?? '').toBe('succeeded');
    expect(info.result!.text).toMatch(/^（演示）/);
    expect(info.result!.text).toContain('| 宽度 | 400 像素 |');
    const file = info.result!.files[0]!;
    expect(file.name).toBe('发票-识别结果.docx');
    const docx = await download(token, file.url);
    const { value } = await mammoth.extractRawText({ buffer: docx });
    expect(value).toContain('演示');
    expect(value).toContain(MSG.aiDisclaimer);
    const custom = await (await JSZip.loadAsync(docx)).file('docProps/custom.xml')!.async('string');
    expect(custom).toContain('AIGC');
    expect(custom).toContain(submitted.body.data.task_id);
    // The table of the answer became a Word table.
    expect(await (await JSZip.loadAsync(docx)).file('word/document.xml')!.async('string')).toContain('<w:tbl>');
    expect(await quotaUsage(t.ctx, user.id, 'doc_ocr')).toEqual({ used: 1, reserved: 0 });
  });

  it.skipIf(!hasPoppler)('文字识别 of a PDF: the pages asked are rendered and read, one heading per page', async () => {
    const { token } = await t.loginAs();
    const id = await uploaded(token, 'scan.pdf', pdfOfPages(4));
    const submitted = await runTool(token, 'AiORCModel', { file: id, pages: '2-3' });
    expect(submitted.status).toBe(200);
    const info = await finished(token, submitted.body.data.task_id);
    expect(info.status, info.error ?? '').toBe('succeeded');
    const text = info.result!.text!;
    expect(text).toContain(`## ${MSG.ocrPageHeading(2)}`);
    expect(text).toContain(`## ${MSG.ocrPageHeading(3)}`);
    expect(text).not.toContain(MSG.ocrPageHeading(1));
    // In demo mode a page with a text layer is answered with that layer, marked 演示.
    expect(text).toContain('Page 2 of a long report');
    expect(text).toContain('演示');
  }, 60_000);

  it('bad inputs are Chinese 400s at submit and hold nothing', async () => {
    const { token, user } = await t.loginAs();
    const stranger = await t.loginAs();
    const good = await uploaded(token, 'good.pdf', pdfOfPages(2));

    // An empty file never becomes an upload.
    const empty = await upload(token, 'empty.pdf', Buffer.alloc(0));
    expect([empty.status, empty.body.msg]).toEqual([400, MSG.filesEmpty]);
    // A file whose bytes are not its type is refused at upload too.
    const lying = await upload(token, 'lying.pdf', Buffer.from('just some text'));
    expect([lying.status, lying.body.msg]).toEqual([400, MSG.filesContentMismatch]);

    const refusals: [string, Record<string, unknown>, string][] = [];
    // Wrong type: a DOCX where a PDF is wanted, a PDF where a Word file is wanted.
    const docx = await uploaded(token, 'notes.docx', await docxWith(['正文']));
    refusals.push(['pdfMerge', { file1: good, file2: docx }, MSG.taskFileWrongType('PDF 文件 2', 'pdf')]);
    refusals.push(['wordToPdf', { file: good }, MSG.taskFileWrongType('Word 文件', 'docx')]);
    refusals.push(['AiORCModel', { file: docx }, MSG.taskFileWrongType('图片或 PDF', 'png、jpg、jpeg、webp、pdf')]);
    // A 2,000-page PDF.
    const long = await uploaded(token, 'long.pdf', pdfOfPages(2000));
    refusals.push(['pdfSplit', { file: long, mode: 'every' }, MSG.pdfTooManyPages('PDF 文件', 500)]);
    refusals.push(['AiORCModel', { file: long }, MSG.pdfTooManyPages('图片或 PDF', 500)]);
    // Merged pages over the limit, each file within it.
    const big = await uploaded(token, 'big.pdf', pdfOfPages(300));
    refusals.push(['pdfMerge', { file1: big, file2: big }, MSG.pdfTotalTooManyPages(500)]);
    // Decompression bombs: a PDF stream and a DOCX part that inflate past 100 MB.
    const bomb = await uploaded(token, 'bomb.pdf', await pdfBomb(150 * 1024 * 1024));
    refusals.push(['pdfToWord', { file: bomb, mode: 'text' }, MSG.pdfTooLarge('PDF 文件')]);
    const zipped = await uploaded(token, 'bomb.docx', await zipBomb('docx', 150 * 1024 * 1024));
    refusals.push(['wordToPdf', { file: zipped }, MSG.docxTooLarge('Word 文件')]);
    // Page lists that are not lists, or name pages the file does not have.
    refusals.push(['pdfExtract', { file: good, pages: '第一页' }, MSG.pdfPagesBad]);
    refusals.push(['pdfExtract', { file: good, pages: '1-5' }, MSG.pdfPagesOutOfRange(2)]);
    refusals.push(['pdfSplit', { file: good, mode: 'ranges' }, MSG.pdfRangesRequired]);
    refusals.push(['AiORCModel', { file: good, pages: '1-11' }, MSG.pdfPagesTooMany(10)]);
    // A picture that does not decode, posing as a PNG.
    const fakePng = await upload(token, 'fake.png', Buffer.from('\x89PNG not really'));
    expect(fakePng.status).toBe(400);
    // Another user's file is not found.
    const theirs = await uploaded(stranger.token, 'theirs.pdf', pdfOfPages(1));
    refusals.push(['pdfMerge', { file1: good, file2: theirs }, MSG.taskFileMissing('PDF 文件 2')]);
    refusals.push(['AiORCModel', { file: theirs }, MSG.taskFileMissing('图片或 PDF')]);

    for (const [tool, inputs, msg] of refusals) {
      const res = await runTool(token, tool, inputs);
      expect([tool, res.status, res.body.msg]).toEqual([tool, 400, msg]);
    }
    expect(await quotaUsage(t.ctx, user.id, 'pdf_tools')).toEqual({ used: 0, reserved: 0 });
    expect(await quotaUsage(t.ctx, user.id, 'doc_ocr')).toEqual({ used: 0, reserved: 0 });
    // The stranger cannot read the result of a run either: results are the owner's files.
    const own = await runTool(token, 'pdfExtract', { file: good, pages: '2' });
    const info = await finished(token, own.body.data.task_id);
    const res = await t.app.inject({ method: 'GET', url: info.result!.files[0]!.url, headers: { token: stranger.token } });
    expect(res.statusCode).toBe(404);
  }, 120_000);
});
