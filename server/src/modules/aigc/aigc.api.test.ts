import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AIGC_MSG,
  AIGC_PDF_MAX_PAGES,
  AIGC_TEXT_MAX,
  type AigcFile,
  type AigcRewrite,
  type AigcSimilarityReport,
  type AigcTask,
  type AigcReport,
  type Envelope,
} from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { taskEnded } from '../../../test/task-poll';
import { zipBomb } from '../../../test/fixtures/bombs';
import { docxWith, pdfWith } from '../../../test/fixtures/documents';
import { multipartBody } from '../../../test/multipart';
import type { RunningTaskEngine } from '../../jobs';
import { quotaUsage } from '../quota/service';
import { startTasks } from '../tasks/lifecycle';

const log = pino({ level: 'silent' });

/** Three paragraphs the demo judge bands differently: stock connectives (高), neutral (中), first-person and colloquial (低). */
const AI_PARA =
  '随着人工智能技术的快速发展，智能教育正在深刻改变传统的教学模式。首先，个性化学习成为可能。其次，教师的角色发生了显著转变。此外，教育资源的分配更加公平。综上所述，人工智能为教育带来了前所未有的机遇。';
const MID_PARA =
  '城市公园在周末通常会迎来较多游客，管理部门需要提前安排保洁和安保人员，并在入口处设置指引牌，因此第一次来的人也能找到想去的地方。';
const HUMAN_PARA =
  '昨天我去菜市场买菜，碰到老王在跟摊主讨价还价，吵得挺凶的。我站旁边看了半天，最后他还是多花了两块钱，哈哈，真是没办法呀。';
const TEXT = `智能教育\n${AI_PARA}\n\n${MID_PARA}\n${HUMAN_PARA}`;

describe.each(testDbKinds())('AIGC API on %s', (kind) => {
  let t: TestApp;
  let engine: RunningTaskEngine;

  beforeAll(async () => {
    // The report is converted by LibreOffice where installed; the API tests take the DOCX path (the e2e downloads the PDF).
    process.env.SOFFICE_BIN = '/nonexistent/soffice';
    t = await createTestApp(kind, { env: { DEMO_TOKEN_DELAY_MS: '0', TASK_POLL_MAX_MS: '100', WEB_SEARCH_PROVIDER: 'demo' } });
    engine = await startTasks(t.ctx, log, { workers: true });
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
    delete process.env.SOFFICE_BIN;
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: token ? { token } : {}, payload: payload as object });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const upload = async (token: string, name: string, data: Buffer) => {
    const body = await multipartBody({ name, data });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/aigc/files/upload',
      headers: { ...body.headers, token },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json<Envelope<AigcFile>>() };
  };
  const finished = (id: string, token: string) => taskEnded(t, id, token);
  const check = async (token: string, payload: Record<string, unknown>) => {
    const r = await call<{ task_id: string }>('POST', '/api/v1/aigc/task/check', token, payload);
    expect(r.body.code, r.body.msg).toBe(200);
    const done = await finished(r.body.data.task_id, token);
    return { id: r.body.data.task_id, done };
  };
  const usage = (userId: number, key: string) => quotaUsage(t.ctx, userId, key);

  it('needs a login on every call', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/aigc/files/upload'],
      ['GET', '/api/v1/aigc/files/list'],
      ['POST', '/api/v1/aigc/files/delete'],
      ['POST', '/api/v1/aigc/files/empty'],
      ['POST', '/api/v1/aigc/task/check'],
      ['GET', '/api/v1/aigc/task/list'],
      ['GET', '/api/v1/aigc/task/details?task_id=tabcdefghijk'],
      ['POST', '/api/v1/aigc/task/delete'],
      ['POST', '/api/v1/aigc/task/empty'],
      ['POST', '/api/v1/aigc/task/rewrite'],
      ['GET', '/api/v1/aigc/task/rewriteList?task_id=tabcdefghijk'],
      ['POST', '/api/v1/aigc/task/deleteRewrite'],
      ['POST', '/api/v1/aigc/task/emptyRewrite'],
    ] as const) {
      const r = await call(method, url, undefined, method === 'POST' ? {} : undefined);
      expect(r.status, url).toBe(401);
    }
  });

  it('keeps PDF/DOCX/TXT/MD files in the library and refuses bad ones in Chinese', async () => {
    const { token } = await t.loginAs();
    const txt = await upload(token, '论文.txt', Buffer.from(TEXT));
    expect(txt.body.code, txt.body.msg).toBe(200);
    expect(txt.body.data).toMatchObject({ name: '论文.txt', chars: [...TEXT.trim()].length });
    const md = await upload(token, '笔记.md', Buffer.from(`# 标题\n\n${MID_PARA}`));
    expect(md.body.code, md.body.msg).toBe(200);
    const docx = await upload(token, '报告.docx', await docxWith([AI_PARA, HUMAN_PARA]));
    expect(docx.body.code, docx.body.msg).toBe(200);
    expect(docx.body.data.chars).toBeGreaterThan(50);

    const pdf = await upload(token, 'paper.pdf', pdfWith('Large language models generate fluent text for many everyday writing tasks.'));
    expect(pdf.body.code, pdf.body.msg).toBe(200);
    expect(pdf.body.data.chars).toBeGreaterThan(50);
    // A 2,000-page PDF: refused by its page count before its text is read.
    const many = await PDFDocument.create();
    const font = await many.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 2000; i++)
      many.addPage([200, 200]).drawText(`Page ${i + 1} of a very long thesis`, { x: 10, y: 100, size: 8, font });
    const longPdf = Buffer.from(await many.save());

    const refusals: [string, Buffer, string][] = [
      ['两千页.pdf', longPdf, AIGC_MSG.pdfTooManyPages(AIGC_PDF_MAX_PAGES)],
      ['图片.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), AIGC_MSG.fileType('pdf、docx、txt、md')],
      ['空.txt', Buffer.alloc(0), AIGC_MSG.fileEmpty],
      ['空白.txt', Buffer.from('   \n\n  '), AIGC_MSG.fileEmpty],
      ['超长.txt', Buffer.from('字'.repeat(AIGC_TEXT_MAX + 1)), AIGC_MSG.fileTooManyChars(AIGC_TEXT_MAX)],
      ['炸弹.docx', await zipBomb('docx'), AIGC_MSG.fileTooManyChars(AIGC_TEXT_MAX)],
      ['坏的.docx', Buffer.from('not a zip at all'), AIGC_MSG.fileUnreadable],
    ];
    for (const [name, data, msg] of refusals) {
      const r = await upload(token, name, data);
      expect(r.status, name).toBe(400);
      expect(r.body.msg, name).toBe(msg);
    }

    const list = await call<{ list: AigcFile[] }>('GET', '/api/v1/aigc/files/list', token);
    expect(list.body.data.list.map((f) => f.name)).toEqual(['paper.pdf', '报告.docx', '笔记.md', '论文.txt']);

    // Another user sees none of them, can neither delete nor check them.
    const other = await t.loginAs();
    expect((await call<{ list: AigcFile[] }>('GET', '/api/v1/aigc/files/list', other.token)).body.data.list).toEqual([]);
    const del = await call('POST', '/api/v1/aigc/files/delete', other.token, { file_id: txt.body.data.file_id });
    expect(del.status).toBe(404);
    expect(del.body.msg).toBe(AIGC_MSG.fileNotFound);
    const stolen = await call('POST', '/api/v1/aigc/task/check', other.token, { file_id: txt.body.data.file_id });
    expect(stolen.status).toBe(404);

    expect((await call('POST', '/api/v1/aigc/files/delete', token, { file_id: md.body.data.file_id })).body.code).toBe(200);
    expect((await call('POST', '/api/v1/aigc/files/delete', token, { file_id: 'zz' })).status).toBe(400);
    const emptied = await call<{ deleted: number }>('POST', '/api/v1/aigc/files/empty', token);
    expect(emptied.body.data.deleted).toBe(3);
    expect((await call<{ list: AigcFile[] }>('GET', '/api/v1/aigc/files/list', token)).body.data.list).toEqual([]);
  }, 60_000);

  it('refuses bad check input with a Chinese 400 and holds nothing', async () => {
    const { token, user } = await t.loginAs();
    const cases: [unknown, string][] = [
      [{}, AIGC_MSG.textOrFile],
      [{ text: '   ' }, AIGC_MSG.textOrFile],
      [{ text: 42 }, AIGC_MSG.textOrFile],
      [{ text: '太短了' }, AIGC_MSG.textTooShort(50)],
      [{ text: '字'.repeat(AIGC_TEXT_MAX + 1) }, AIGC_MSG.textTooLong(AIGC_TEXT_MAX)],
      [{ text: TEXT, mode: 'plagiarism' }, AIGC_MSG.modeInvalid],
      [{ file_id: '../../etc/passwd' }, AIGC_MSG.fileIdInvalid],
    ];
    for (const [payload, msg] of cases) {
      const r = await call('POST', '/api/v1/aigc/task/check', token, payload);
      expect(r.status, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    expect(await usage(user.id, 'aigc_check')).toEqual({ used: 0, reserved: 0 });
  });

  it('scores each paragraph, bands them, charges one count and hands out the labelled report; owner only', async () => {
    const { token, user } = await t.loginAs();
    const { id, done } = await check(token, { text: TEXT, title: '智能教育' });
    expect(done.status).toBe('succeeded');
    expect(done.progress).toBe(100);
    const details = await call<AigcTask>('GET', `/api/v1/aigc/task/details?task_id=${id}`, token);
    const report = details.body.data.report as AigcReport;
    expect(report).toMatchObject({ mode: 'aigc', title: '智能教育', detector: 'llm', demo: true });
    expect(report.paragraphs.map((p) => p.band)).toEqual([null, 'high', 'medium', 'low']);
    expect(report.paragraphs[0]!.score).toBeNull();
    expect(report.counts).toEqual({ high: 1, medium: 1, low: 1 });
    expect(report.rate).toBeGreaterThan(0);
    expect(report.rate).toBeLessThan(100);
    expect(await usage(user.id, 'aigc_check')).toEqual({ used: 1, reserved: 0 });

    // The report file: a DOCX here (no LibreOffice), with the AI-content footer and the AIGC property.
    const file = details.body.data.reportFile!;
    expect(file.name).toMatch(/AIGC检测报告\.docx$/);
    const res = await t.app.inject({ method: 'GET', url: file.url, headers: { token } });
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(await zip.file('docProps/custom.xml')!.async('string')).toContain('AIGC');
    const footers = Object.keys(zip.files).filter((n) => /word\/footer\d*\.xml/.test(n));
    expect(await zip.file(footers[0]!)!.async('string')).toContain('内容由AI生成');
    expect(await zip.file('word/document.xml')!.async('string')).toContain('FAD4D4');

    const list = await call<{ list: AigcTask[]; total: number }>('GET', '/api/v1/aigc/task/list', token);
    expect(list.body.data).toMatchObject({ total: 1, list: [{ task_id: id, title: '智能教育', status: 'succeeded' }] });
    expect(list.body.data.list[0]!.report).toBeUndefined();

    const other = await t.loginAs();
    for (const [method, url, payload] of [
      ['GET', `/api/v1/aigc/task/details?task_id=${id}`, undefined],
      ['GET', `/api/v1/aigc/task/rewriteList?task_id=${id}`, undefined],
      ['POST', '/api/v1/aigc/task/rewrite', { task_id: id, index: 1 }],
      ['POST', '/api/v1/aigc/task/delete', { task_id: id }],
      ['POST', '/api/v1/aigc/task/emptyRewrite', { task_id: id }],
    ] as const) {
      const r = await call(method, url, other.token, payload);
      expect(r.status, url).toBe(404);
      expect(r.body.msg).toBe(AIGC_MSG.taskNotFound);
    }
    expect((await call('GET', file.url.replace('/api', '/api'), other.token)).status).toBe(404);
  });

  it('rewrites a paragraph (降AI率), re-scores it, keeps the history and charges aigc_rewrite once', async () => {
    const { token, user } = await t.loginAs();
    const { id } = await check(token, { text: TEXT });
    expect((await call('POST', '/api/v1/aigc/task/rewrite', token, { task_id: id, index: 0 })).body.msg).toBe(AIGC_MSG.paragraphTooShort);
    expect((await call('POST', '/api/v1/aigc/task/rewrite', token, { task_id: id, index: 9 })).body.msg).toBe(AIGC_MSG.paragraphInvalid);
    expect((await call('POST', '/api/v1/aigc/task/rewrite', token, { task_id: id, index: 'x' })).status).toBe(400);

    const r = await call<{ rewrite_id: string }>('POST', '/api/v1/aigc/task/rewrite', token, { task_id: id, index: 1 });
    expect(r.body.code, r.body.msg).toBe(200);
    expect((await finished(r.body.data.rewrite_id, token)).status).toBe('succeeded');
    const history = await call<{ list: AigcRewrite[] }>('GET', `/api/v1/aigc/task/rewriteList?task_id=${id}`, token);
    const first = history.body.data.list[0]!;
    expect(first).toMatchObject({ rewrite_id: r.body.data.rewrite_id, task_id: id, index: 1, status: 'succeeded' });
    expect(first.result!.before).toBe(AI_PARA);
    expect(first.result!.after).not.toBe(AI_PARA);
    expect(first.result!.after).not.toContain('首先');
    expect(first.result!.afterScore).toBeLessThan(first.result!.beforeScore!);
    expect(await usage(user.id, 'aigc_rewrite')).toEqual({ used: 1, reserved: 0 });

    // A second rewrite starts from the first one's text.
    const again = await call<{ rewrite_id: string }>('POST', '/api/v1/aigc/task/rewrite', token, { task_id: id, index: 1 });
    await finished(again.body.data.rewrite_id, token);
    const two = (await call<{ list: AigcRewrite[] }>('GET', `/api/v1/aigc/task/rewriteList?task_id=${id}`, token)).body.data.list;
    expect(two).toHaveLength(2);
    expect(two[0]!.result!.before).toBe(first.result!.after);

    const other = await t.loginAs();
    expect((await call('POST', '/api/v1/aigc/task/deleteRewrite', other.token, { rewrite_id: first.rewrite_id })).status).toBe(404);
    expect((await call('POST', '/api/v1/aigc/task/deleteRewrite', token, { rewrite_id: first.rewrite_id })).body.code).toBe(200);
    expect((await call<{ list: AigcRewrite[] }>('GET', `/api/v1/aigc/task/rewriteList?task_id=${id}`, token)).body.data.list).toHaveLength(
      1,
    );
    expect((await call<{ deleted: number }>('POST', '/api/v1/aigc/task/emptyRewrite', token, { task_id: id })).body.data.deleted).toBe(1);
    expect((await call<{ list: AigcRewrite[] }>('GET', `/api/v1/aigc/task/rewriteList?task_id=${id}`, token)).body.data.list).toEqual([]);

    expect((await call('POST', '/api/v1/aigc/task/delete', token, { task_id: id })).body.code).toBe(200);
    expect((await call('GET', `/api/v1/aigc/task/details?task_id=${id}`, token)).status).toBe(404);
  });

  it('refunds the count once when the judge fails', async () => {
    const { token, user } = await t.loginAs();
    const { id, done } = await check(token, { text: `${AI_PARA}[demo:error=500]\n${HUMAN_PARA}` });
    expect(done.status).toBe('failed');
    expect(done.error).toBe(AIGC_MSG.judgeFailed);
    expect(await usage(user.id, 'aigc_check')).toEqual({ used: 0, reserved: 0 });
    // A failed check cannot be rewritten; emptying removes it.
    expect((await call('POST', '/api/v1/aigc/task/rewrite', token, { task_id: id, index: 0 })).body.msg).toBe(AIGC_MSG.taskNotReady);
    expect((await call<{ deleted: number }>('POST', '/api/v1/aigc/task/empty', token)).body.data.deleted).toBe(1);
  });

  it("finds overlaps with web search results and the user's own library, with the sources", async () => {
    const { token, user } = await t.loginAs();
    const lib = await upload(token, '旧稿.txt', Buffer.from(`${MID_PARA}\n另一段与本文无关的内容，讲的是天气和交通。`));
    expect(lib.body.code, lib.body.msg).toBe(200);
    const { id, done } = await check(token, { text: `${AI_PARA}\n${MID_PARA}\n${HUMAN_PARA}`, mode: 'similarity', title: '查重' });
    expect(done.status).toBe('succeeded');
    const report = (await call<AigcTask>('GET', `/api/v1/aigc/task/details?task_id=${id}`, token)).body.data.report as AigcSimilarityReport;
    expect(report).toMatchObject({ mode: 'similarity', web: true, demo: true, libraryFiles: 1 });
    expect(report.paragraphs[1]!.similarity).toBe(1);
    expect(report.paragraphs[1]!.band).toBe('high');
    const fromLibrary = report.matches.filter((m) => m.source.kind === 'library');
    expect(fromLibrary.length).toBeGreaterThan(0);
    expect(fromLibrary[0]!.source).toMatchObject({ title: '旧稿.txt', fileId: lib.body.data.file_id });
    expect(MID_PARA).toContain(fromLibrary[0]!.sourceText.replace(/。$/, ''));
    // The demo search echoes the query's first characters: the web matches carry their link.
    const fromWeb = report.matches.filter((m) => m.source.kind === 'web');
    expect(fromWeb.every((m) => m.source.href?.startsWith('https://example.com/'))).toBe(true);
    expect(report.rate).toBeGreaterThan(0);
    expect(await usage(user.id, 'aigc_check')).toEqual({ used: 1, reserved: 0 });
    const list = await call<{ list: AigcTask[] }>('GET', '/api/v1/aigc/task/list?mode=similarity', token);
    expect(list.body.data.list.map((x) => x.task_id)).toEqual([id]);
    // A similarity report has no paragraphs to rewrite.
    expect((await call('POST', '/api/v1/aigc/task/rewrite', token, { task_id: id, index: 1 })).body.msg).toBe(AIGC_MSG.taskNotCheck);
  });
});
