import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { MSG, type TaskFile } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import type { AppContext } from '../../context';
import { TaskFailure, type TaskRow, type TaskRunTools } from '../../jobs';
import { runningTask } from '../../jobs/testing/engine';
import { readFileBytes, saveFile } from '../../modules/files/service';
import { storeTaskFile } from '../../modules/tasks/lifecycle';
import { docTranslateHandlers } from './doc-translate';
import { sampleDocx, samplePdf, samplePptx, sampleXlsx } from './testing/office-fixtures';
import { parseBatchAnswer, parseGlossary, planBatches } from './translate-batches';
import { applyTranslations, scanUnits } from './translate-ooxml';
import { pageParagraphs } from './translate-pdf';

/**
 * Document translation run directly (no queue) in demo mode: the XML splice, DOCX/PPTX/XLSX
 * translated in place and opened by LibreOffice with the same paragraphs, tables and pictures, a
 * PDF end to end, the layout engine against a local fake, and an attempt resumed from its checkpoint.
 */

const run = promisify(execFile);
const soffice = process.env.SOFFICE_BIN ?? 'soffice';
const hasSoffice = await run(soffice, ['--version'], { timeout: 30_000 }).then(
  () => true,
  () => false,
);
if (!hasSoffice) console.log('LibreOffice (soffice) not installed: skipping the checks that open translated files in it');

/** The file as LibreOffice saves it again in its own format family (docx -> docx...): proof it opens, and what it kept. */
async function throughLibreOffice(body: Buffer, ext: string): Promise<JSZip> {
  const dir = await mkdtemp(join(tmpdir(), 'h-doctrans-lo-'));
  try {
    await writeFile(join(dir, `in.${ext}`), body);
    await mkdirOut(dir);
    await run(soffice, [`-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`, '--headless', '--convert-to', ext, '--outdir', join(dir, 'out'), join(dir, `in.${ext}`)], { timeout: 120_000 });
    return JSZip.loadAsync(await readFile(join(dir, 'out', `in.${ext}`)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
const mkdirOut = async (dir: string) => (await import('node:fs/promises')).mkdir(join(dir, 'out'));

const count = (xml: string, re: RegExp) => [...xml.matchAll(re)].length;
async function partsText(zip: JSZip, re: RegExp): Promise<string> {
  const names = Object.keys(zip.files).filter((n) => re.test(n));
  return (await Promise.all(names.map((n) => zip.file(n)!.async('string')))).join('\n');
}

interface Shape {
  paragraphs: number;
  tables: number;
  pictures: number;
}
const LABEL = MSG.docTranslateLabel;
/** Counts of a file; `labelled`: our translation (its slides each carry one label text box, left out). */
async function shapeOf(ext: string, zip: JSZip, labelled = false): Promise<Shape> {
  if (ext === 'docx') {
    const body = await zip.file('word/document.xml')!.async('string');
    return { paragraphs: count(body, /<w:p[\s>]/g), tables: count(body, /<w:tbl>/g), pictures: count(body, /<pic:pic[\s>]/g) };
  }
  if (ext === 'pptx') {
    const slides = await partsText(zip, /^ppt\/slides\/slide\d+\.xml$/);
    const labels = labelled ? Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n)).length : 0;
    return { paragraphs: count(slides, /<a:p[\s>]/g) - labels, tables: count(slides, /<a:tbl>/g), pictures: count(slides, /<p:pic>/g) };
  }
  const strings = await partsText(zip, /^xl\/(sharedStrings|worksheets\/sheet\d+)\.xml$/);
  const drawings = await partsText(zip, /^xl\/drawings\/drawing\d+\.xml$/);
  return { paragraphs: count(strings, /<si>/g) + count(strings, /<is>/g), tables: Object.keys(zip.files).filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)).length, pictures: count(drawings, /<xdr:pic>/g) };
}

describe('document translation', () => {
  let t: TestApp;
  let userId: number;
  const upload = async (name: string, body: Buffer) => (await saveFile(t.ctx, { userId, name, contentType: 'application/octet-stream', body, purpose: 'upload' })).id;

  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { DEMO_TOKEN_DELAY_MS: '0' } });
    userId = (await t.loginAs()).user.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const handlerFor = (toolId: string, ctx: Partial<AppContext> = {}) => docTranslateHandlers({ ...t.ctx, ...ctx }).find((h) => h.name === toolId)!;

  /** Run a handler on a fresh running task; `abortAfter` batches aborts it like a worker that dies. */
  async function runTask(toolId: string, inputs: TaskRow['inputs'], opts: { vendor?: unknown; abortAfter?: number; kept?: { vendor?: unknown }; ctx?: Partial<AppContext> } = {}) {
    const task = runningTask(userId, toolId, inputs, { vendor: opts.vendor ?? null });
    const save = storeTaskFile(t.ctx);
    const controller = new AbortController();
    const stages: string[] = [];
    let vendor: unknown = opts.vendor ?? null;
    let batches = 0;
    const tools: TaskRunTools = {
      signal: controller.signal,
      progress: async (_pct, stage) => void (stage && stages.push(stage)),
      saveFile: (file) => save(task, file),
      setVendor: async (data) => {
        vendor = JSON.parse(JSON.stringify(data));
        if (opts.kept) opts.kept.vendor = vendor;
        if (opts.abortAfter !== undefined && ++batches >= opts.abortAfter) controller.abort(new Error('worker died'));
      },
    };
    const out = await handlerFor(toolId, opts.ctx).run(task, tools);
    return { ...out, stages, task, vendor: () => vendor };
  }
  const bytesOf = async (f: TaskFile) => (await readFileBytes(t.ctx, userId, f.id)).data;

  it('splices translations into the text elements only, nested paragraphs their own', () => {
    const xml = '<w:body><w:p><w:pPr/><w:r><w:rPr><w:b/></w:rPr><w:t>Hello </w:t></w:r><w:r><w:t xml:space="preserve">world &amp; co</w:t></w:r><w:r><w:drawing><w:txbxContent><w:p><w:r><w:t>Inner</w:t></w:r></w:p></w:txbxContent></w:drawing></w:r></w:p><w:p><w:r><w:t>2026</w:t></w:r></w:p></w:body>';
    const units = scanUnits(xml, 'word');
    expect(units.map((u) => u.text)).toEqual(['Hello world & co', 'Inner', '2026']);
    const target = applyTranslations(xml, 'word', units, ['你好 <世界>', '内部', null], 'target');
    expect(target).toContain('<w:rPr><w:b/></w:rPr><w:t xml:space="preserve">你好 &lt;世界&gt;</w:t>');
    expect(target).toContain('<w:t xml:space="preserve"></w:t>');
    expect(target).toContain('<w:t xml:space="preserve">内部</w:t>');
    expect(target).toContain('<w:t>2026</w:t>');
    expect(count(target, /<w:p>/g)).toBe(count(xml, /<w:p>/g));
    const bilingual = applyTranslations(xml, 'word', units, ['你好', null, null], 'bilingual');
    expect(bilingual).toContain('world &amp; co</w:t><w:br/><w:t xml:space="preserve">你好</w:t>');
    // Slides: a run holds one text, so the translation is a new run with the same properties.
    const slide = '<a:p><a:r><a:rPr lang="en-US" sz="2400" b="1"/><a:t>Title</a:t></a:r></a:p>';
    expect(applyTranslations(slide, 'slide', scanUnits(slide, 'slide'), ['标题'], 'bilingual')).toBe(
      '<a:p><a:r><a:rPr lang="en-US" sz="2400" b="1"/><a:t>Title</a:t></a:r><a:br/><a:r><a:rPr lang="en-US" sz="2400" b="1"/><a:t>标题</a:t></a:r></a:p>',
    );
  });

  it('parses glossaries, batches and answers', () => {
    expect(parseGlossary('LLM=大语言模型\n\n Wanxiang ＝ 万象 ')).toEqual({ ok: true, terms: [['LLM', '大语言模型'], ['Wanxiang', '万象']] });
    expect(parseGlossary('LLM=大语言模型\nno equals sign')).toEqual({ ok: false, msg: MSG.docTranslateGlossaryBad(2) });
    expect(planBatches(['a'.repeat(1000), 'b'.repeat(1000), 'c'.repeat(1000), 'd'], 2400)).toEqual([[0, 1], [2, 3]]);
    expect(parseBatchAnswer('```json\n["一", "二"]\n```', 2)).toEqual(['一', '二']);
    expect(parseBatchAnswer('["一"]', 2)).toBeNull();
    expect(pageParagraphs('Chapter 1\n\nThe first line of a para-\ngraph goes on\nhere.\nNext paragraph.\n中文第一行\n接着写。')).toEqual([
      'Chapter 1',
      'The first line of a paragraph goes on here.',
      'Next paragraph.',
      '中文第一行接着写。',
    ]);
  });

  it.each([
    ['docx', sampleDocx],
    ['pptx', samplePptx],
    ['xlsx', sampleXlsx],
  ] as const)('translates a %s in place: labelled, and LibreOffice opens it with the same paragraphs, tables and pictures', async (ext, make) => {
    const original = await make();
    const file = await upload(`report.${ext}`, original);
    const { files, text, stages } = await runTask('docTranslate', { file, source: 'en', target: 'zh', mode: 'bilingual', glossary: 'quarterly report=季度报告' });
    expect(files).toHaveLength(1);
    expect(files[0]!.name).toBe(`report-中文（简体）译文.${ext}`);
    expect(text).toContain('演示译文');
    expect(stages.some((s) => s.startsWith('正在翻译：第 1/'))).toBe(true);
    const result = await bytesOf(files[0]!);
    const zip = await JSZip.loadAsync(result);
    const all = await partsText(zip, /\.xml$/);
    expect(all).toContain('【演示译文·中文（简体）】');
    // The glossary reached the model (the demo applies it) and the original text stays (bilingual).
    expect(all).toContain('季度报告');
    expect(all).toContain('Our team shipped the new translation feature');
    expect(all).toContain(LABEL);
    expect(await zip.file('docProps/custom.xml')!.async('string')).toMatch(/name="AIGC"><vt:lpwstr>\{"Label":"1","ContentProducer":"万象 AI"/);
    expect(await zip.file('[Content_Types].xml')!.async('string')).toContain('/docProps/custom.xml');
    if (ext === 'pptx') expect(count(all, /name="AIGC Label"/g)).toBe(3);
    expect(await shapeOf(ext, zip, true)).toEqual(await shapeOf(ext, await JSZip.loadAsync(original)));
    if (!hasSoffice) return;
    const [before, after] = [await throughLibreOffice(original, ext), await throughLibreOffice(result, ext)];
    const shape = await shapeOf(ext, after, true);
    expect(shape).toEqual(await shapeOf(ext, before));
    expect(shape.tables).toBeGreaterThan(0);
    expect(shape.pictures).toBeGreaterThan(0);
    // LibreOffice splits runs by script (CJK / Latin): the text is read without its tags.
    const plain = (await partsText(after, /\.xml$/)).replace(/<[^>]+>/g, '');
    expect(plain).toContain('【演示译文·中文（简体）】');
    expect(plain).toContain(LABEL);
  }, 240_000);

  it('target-only keeps the paragraph count and drops the original text', async () => {
    const file = await upload('memo.docx', await sampleDocx());
    const { files } = await runTask('docTranslate', { file, source: 'auto', target: 'ja', mode: 'target', glossary: '' });
    const body = await (await JSZip.loadAsync(await bytesOf(files[0]!))).file('word/document.xml')!.async('string');
    expect(body).not.toMatch(/<w:t>Our team shipped/);
    expect(body).toContain('【演示译文·日语】Our team shipped');
    expect(count(body, /<w:p[\s>]/g)).toBe(count(await (await JSZip.loadAsync(await sampleDocx())).file('word/document.xml')!.async('string'), /<w:p[\s>]/g));
  });

  it('translates a PDF page by page into a bilingual DOCX and a PDF', async () => {
    const file = await upload('paper.pdf', await samplePdf(3));
    const { files, text, stages } = await runTask('pdfTranslate', { file, source: 'en', target: 'zh', mode: 'bilingual', engine: 'builtin', glossary: '' });
    expect(stages).toContain(MSG.docTranslateStagePage(3, 3));
    expect(text).toBe(MSG.docTranslatePdfDone(3, true, hasSoffice));
    const docx = await JSZip.loadAsync(await bytesOf(files.find((f) => f.name.endsWith('.docx'))!));
    const body = await docx.file('word/document.xml')!.async('string');
    for (const p of [1, 2, 3]) expect(body).toContain(`第 ${p} 页`);
    expect(body).toContain('Chapter 2');
    expect(body).toContain('【演示译文·中文（简体）】Chapter 2');
    expect(await partsText(docx, /^word\/footer\d*\.xml$/)).toContain(LABEL);
    expect(await docx.file('docProps/custom.xml')!.async('string')).toContain('AIGC');
    if (!hasSoffice) return;
    const pdf = await bytesOf(files.find((f) => f.name.endsWith('.pdf'))!);
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(doc.getPageCount()).toBeGreaterThan(0);
    expect(doc.getKeywords()).toContain('AIGC=');
  }, 240_000);

  it('resumes after a crash: a new attempt translates only the batches the checkpoint lacks', async () => {
    const file = await upload('long.docx', await sampleDocx(6, 20));
    const inputs = { file, source: 'en', target: 'zh', mode: 'target', glossary: '' };
    let calls = 0;
    const llm = t.ctx.llm;
    const counting: AppContext['llm'] = { ...llm, demo: llm.demo, available: (m) => llm.available(m), stream: (req) => (calls++, llm.stream(req)), close: () => Promise.resolve() };
    const full = await runTask('docTranslate', inputs, { ctx: { llm: counting } });
    const batches = calls;
    expect(batches).toBeGreaterThan(3);

    calls = 0;
    const kept: { vendor?: unknown } = {};
    await expect(runTask('docTranslate', inputs, { abortAfter: 2, kept, ctx: { llm: counting } })).rejects.toThrow();
    const done = Object.keys((kept.vendor as { done: Record<string, string[]> }).done).length;
    expect(done).toBeGreaterThanOrEqual(2);
    expect(done).toBeLessThan(batches);

    calls = 0;
    const resumed = await runTask('docTranslate', inputs, { vendor: kept.vendor, ctx: { llm: counting } });
    expect(calls).toBe(batches - done);
    expect(resumed.stages[1]).toBe(MSG.docTranslateStageBatch(done, batches));
    const body = async (f: TaskFile) => (await JSZip.loadAsync(await bytesOf(f))).file('word/document.xml')!.async('string');
    expect(await body(resumed.files[0]!)).toBe(await body(full.files[0]!));
    // A checkpoint of another job (other languages) is not reused.
    calls = 0;
    await runTask('docTranslate', { ...inputs, target: 'ja' }, { vendor: kept.vendor, ctx: { llm: counting } });
    expect(calls).toBe(batches);
  }, 180_000);

  it('the layout engine: off by default, and against a PDFMathTranslate-like service it sends, polls and downloads', async () => {
    const file = await upload('layout.pdf', await samplePdf(2));
    await expect(runTask('pdfTranslate', { file, source: 'en', target: 'zh', mode: 'bilingual', engine: 'layout', glossary: '' })).rejects.toThrow(MSG.docTranslateLayoutOff);
    expect(await handlerFor('pdfTranslate').inspect!({ file, source: 'en', target: 'zh', mode: 'bilingual', engine: 'layout' }, userId)).toBe(MSG.docTranslateLayoutOff);

    const pdf = await samplePdf(1);
    const seen: string[] = [];
    let polls = 0;
    const server: Server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      if (req.method === 'POST' && req.url === '/v1/translate') {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString('latin1')));
        req.on('end', () => {
          seen.push(body.includes('"lang_out":"zh"') && body.includes('%PDF-') ? 'form ok' : 'form bad');
          res.end(JSON.stringify({ id: 'job-1' }));
        });
        return;
      }
      if (req.url === '/v1/translate/job-1') return res.end(JSON.stringify(++polls < 2 ? { state: 'PROGRESS', info: { n: 1, total: 2 } } : { state: 'SUCCESS' }));
      if (req.url === '/v1/translate/job-1/mono' || req.url === '/v1/translate/job-1/dual') return res.end(pdf);
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const config = { ...t.ctx.config, docTranslate: { layout: { baseUrl: `http://127.0.0.1:${port}` } } };
      const out = await runTask('pdfTranslate', { file, source: 'en', target: 'zh', mode: 'bilingual', engine: 'layout', glossary: '' }, { ctx: { config } });
      expect(seen).toContain('form ok');
      expect(out.vendor()).toEqual({ layoutId: 'job-1' });
      expect(out.stages).toContain(MSG.docTranslateStageLayout(1, 2));
      expect(out.files.map((f) => f.name)).toEqual(['layout-中文（简体）译文.pdf', 'layout-中文（简体）双语对照.pdf']);
      const labelled = await PDFDocument.load(await bytesOf(out.files[0]!), { updateMetadata: false });
      expect(labelled.getKeywords()).toContain('AIGC=');
      // A restarted attempt polls the job it sent before instead of sending the file again.
      seen.length = 0;
      polls = 5;
      await runTask('pdfTranslate', { file, source: 'en', target: 'zh', mode: 'bilingual', engine: 'layout', glossary: '' }, { ctx: { config }, vendor: { layoutId: 'job-1' } });
      expect(seen.some((s) => s.startsWith('POST'))).toBe(false);
    } finally {
      server.close();
    }
  }, 120_000);

  it('refuses what cannot be translated with a Chinese reason (inspect at submit, TaskFailure at run)', async () => {
    const h = handlerFor('docTranslate');
    const refusal = async (name: string, body: Buffer) => h.inspect!({ file: await upload(name, body), source: 'en', target: 'zh' }, userId);
    expect(await refusal('empty.docx', Buffer.alloc(0))).toBe(MSG.docTranslateEmptyFile);
    expect(await refusal('notes.txt', Buffer.from('hello'))).toBe(MSG.docTranslateWrongType('DOCX、PPTX、XLSX、PDF'));
    expect(await refusal('broken.docx', Buffer.from('PK\u0003\u0004 not really a zip'))).toBe(MSG.docTranslateUnreadable);
    const bomb = new JSZip();
    bomb.file('word/document.xml', Buffer.alloc(120 * 1024 * 1024, 0x20));
    expect(await refusal('bomb.docx', await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }))).toBe(MSG.docTranslateZipBomb);
    const blank = new JSZip();
    blank.file('word/document.xml', '<w:document><w:body><w:p><w:r><w:t>2026</w:t></w:r></w:p></w:body></w:document>');
    expect(await refusal('blank.docx', await blank.generateAsync({ type: 'nodebuffer' }))).toBe(MSG.docTranslateNoText);
    const many = await PDFDocument.create();
    for (let i = 0; i < 2000; i++) many.addPage([200, 200]);
    expect(await refusal('big.pdf', Buffer.from(await many.save()))).toBe(MSG.docTranslatePdfTooManyPages(500));
    expect(await refusal('scan.pdf', Buffer.from(await (await PDFDocument.create()).addPage([100, 100]).doc.save()))).toBe(MSG.docTranslatePdfNoText);
    expect(h.refuse!({ source: 'en', target: 'en' })).toBe(MSG.docTranslateSameLanguage);
    // Another user's file reads as missing.
    const other = await t.loginAs();
    const theirs = (await saveFile(t.ctx, { userId: other.user.id, name: 'x.docx', contentType: 'application/octet-stream', body: await sampleDocx(), purpose: 'upload' })).id;
    expect(await h.inspect!({ file: theirs, source: 'en', target: 'zh' }, userId)).toBe(MSG.taskFileMissing('文档'));
    await expect(runTask('docTranslate', { file: theirs, source: 'en', target: 'zh' })).rejects.toBeInstanceOf(TaskFailure);
  }, 120_000);
});
