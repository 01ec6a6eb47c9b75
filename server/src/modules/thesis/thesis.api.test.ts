import JSZip from 'jszip';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, THESIS_MSG, THESIS_POINTS, type CorrectionRes, type Envelope } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { taskEnded } from '../../../test/task-poll';
import { testDbKinds } from '../../../test/db';
import { startFakeSources, type FakeSourcesServer } from '../../../test/fake-sources/server';
import { finishTask, selectTask, type RunningTaskEngine } from '../../jobs';
import { paidEngine } from '../tasks/payer';
import { quotaUsage } from '../quota/service';
import { startTasks } from '../tasks/lifecycle';

/**
 * AI论文 end to end in demo mode (docs/api.md "AI论文与文章纠错"): the outline streams, the
 * document task writes chapter by chapter citing the papers the scholar fake (recorded OpenAlex
 * answers) returned, and the DOCX has its cover, table of contents, headings, page-number field,
 * references with those DOIs, the AI-content footer and the AIGC property. Bad input is a Chinese
 * 400, another user's task is refused, a failing model refunds the count exactly once; 文章纠错
 * answers located corrections and refunds on failure.
 */

const log = pino({ level: 'silent' });
const OUTLINE = '# 注意力机制研究\n## 第一章 绪论\n### 1.1 研究背景\n### 1.2 研究意义\n## 第二章 相关工作\n### 2.1 序列模型\n## 第三章 结论';

/** The text of a chat-protocol stream: every `text` event joined. */
const streamedText = (body: string) =>
  [...body.matchAll(/event: text\ndata: (.*)\n/g)].map((m) => (JSON.parse(m[1]!) as { text: string }).text).join('');

describe.each(testDbKinds())('AI论文 and 文章纠错 on %s', (kind) => {
  let t: TestApp;
  let engine: RunningTaskEngine;
  let fakes: FakeSourcesServer;

  beforeAll(async () => {
    fakes = await startFakeSources();
    t = await createTestApp(kind, {
      env: {
        OPENALEX_BASE_URL: `${fakes.baseUrl}/openalex`,
        ARXIV_BASE_URL: `${fakes.baseUrl}/arxiv`,
        DEMO_TOKEN_DELAY_MS: '0',
        TASK_POLL_MAX_MS: '100',
      },
    });
    engine = await startTasks(t.ctx, log, { workers: true });
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
    await fakes?.close();
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: { token }, ...(payload ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const finished = (id: string, token: string) => taskEnded(t, id, token, { timeout: 150_000, interval: 200 });
  const runThesis = (token: string, inputs: Record<string, unknown>, usePoints?: boolean) =>
    call<{ task_id: string }>('POST', '/api/v1/tools/thesisDocx/run', token, { inputs, ...(usePoints ? { usePoints } : {}) });

  it('refuses bad input with a Chinese 400 before anything is held', async () => {
    const { token, user } = await t.loginAs();
    for (const body of [{}, { title: '   ' }, { title: '题'.repeat(101) }, { title: '题目', type: '小说' }, { title: '题目', length: '7' }, { title: '题目', language: 'Klingon' }]) {
      const res = await call('POST', '/api/v1/thesis/outline', token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const noOutline = await runThesis(token, { title: '题目', outline: '随便写点什么，没有章节' });
    expect(noOutline.status).toBe(400);
    expect(noOutline.body.msg).toBe(THESIS_MSG.outlineRequired);
    const noTitle = await runThesis(token, { outline: OUTLINE });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.msg).toMatch(/[\u4e00-\u9fff]/);
    for (const body of [{}, { text: '  ' }, { text: '字'.repeat(5001) }, { text: '好的', mode: 'rewrite' }]) {
      const res = await call('POST', '/api/v1/doc/correct', token, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await quotaUsage(t.ctx, user.id, 'doc_thesis')).toEqual({ used: 0, reserved: 0 });
    expect(await quotaUsage(t.ctx, user.id, 'tool_writing')).toEqual({ used: 0, reserved: 0 });
  });

  it('streams an outline of chapters and sections for the title (demo), free of charge', async () => {
    const { token, user } = await t.loginAs();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/thesis/outline', headers: { token }, payload: { title: '注意力机制研究', type: '硕士论文' } });
    expect(res.statusCode).toBe(200);
    expect(res.payload).toContain('"demo":true');
    const text = streamedText(res.payload);
    expect(text.split('\n')[0]).toBe('# 注意力机制研究');
    expect(text.match(/^## /gm)!.length).toBeGreaterThanOrEqual(4);
    expect(text.match(/^### /gm)!.length).toBeGreaterThanOrEqual(8);
    expect(await quotaUsage(t.ctx, user.id, 'doc_thesis')).toEqual({ used: 0, reserved: 0 });
  });

  it('writes the document by chapter into a DOCX with cover, TOC, headings, page numbers and real references with DOIs', async () => {
    const { token, user } = await t.loginAs();
    const other = await t.loginAs();
    const submitted = await runThesis(token, { title: '注意力机制研究', field: '计算机科学', type: '硕士论文', length: '5000', language: '中文', outline: OUTLINE });
    expect(submitted.status).toBe(200);
    const id = submitted.body.data.task_id;
    // Another user cannot see the task or its files.
    expect((await call('GET', `/api/v1/tasks/${id}`, other.token)).status).toBe(404);
    const done = await finished(id, token);
    expect(done.status, done.error ?? '').toBe('succeeded');
    const docx = done.result!.files.find((f) => f.name.endsWith('.docx'))!;
    expect(docx.name).toBe('注意力机制研究.docx');
    expect((await t.app.inject({ method: 'GET', url: docx.url, headers: { token: other.token } })).statusCode).toBe(404);
    const file = await t.app.inject({ method: 'GET', url: docx.url, headers: { token } });
    expect(file.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(file.rawPayload);
    const xml = await zip.file('word/document.xml')!.async('string');
    const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
    // Cover, then the TOC field, then the chapters as Heading 1 and sections as Heading 2.
    expect(text.indexOf('注意力机制研究')).toBeLessThan(text.indexOf('目  录'));
    expect(text).toContain('计算机科学');
    // The abstract (written after the chapters) with its keywords.
    expect(text).toMatch(/摘 {2}要.*本文以“注意力机制研究”为题.*关键词：计算机科学/);
    expect(xml).toMatch(/instrText[^>]*>\s*TOC /);
    expect(xml.match(/w:pStyle w:val="Heading1"/g)!.length).toBe(4); // 3 chapters + 参考文献
    expect(xml).toContain('w:pStyle w:val="Heading2"');
    for (const title of ['第一章 绪论', '1.1 研究背景', '第三章 结论', THESIS_MSG.references]) expect(text).toContain(title);
    // The references are the scholar fake's recorded works, cited in the text, linked by DOI.
    const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
    expect(rels).toContain('https://doi.org/10.48550/arxiv.1706.03762');
    expect(text).toContain('Attention Is All You Need');
    expect(text).toMatch(/\[\d\]/);
    const footers = await Promise.all(Object.keys(zip.files).filter((n) => /^word\/footer\d*\.xml$/.test(n)).map((n) => zip.file(n)!.async('string')));
    expect(footers.join('')).toMatch(/instrText[^>]*>\s*PAGE/);
    expect(footers.join('')).toContain('内容由AI生成');
    expect(await zip.file('docProps/custom.xml')!.async('string')).toContain('AIGC');
    // The PDF comes with it where LibreOffice converts; otherwise the text says there is none.
    if (done.result!.files.length === 1) expect(done.result!.text).toContain('没有生成 PDF');
    else expect(done.result!.files[1]).toMatchObject({ name: '注意力机制研究.pdf', contentType: 'application/pdf' });
    expect(await quotaUsage(t.ctx, user.id, 'doc_thesis')).toEqual({ used: 1, reserved: 0 });
  }, 200_000);

  it('a failing model fails the task with the spec sentence and gives the count (or the points) back exactly once', async () => {
    const { token, user } = await t.loginAs();
    const id = (await runThesis(token, { title: '失败的题目 [demo:error=500]', outline: OUTLINE })).body.data.task_id;
    const done = await finished(id, token);
    expect(done.status).toBe('failed');
    expect(done.error).toBe(THESIS_MSG.failed);
    expect(done.error).toBe('生成失败,请检查生成内容后再试！');
    expect(await quotaUsage(t.ctx, user.id, 'doc_thesis')).toEqual({ used: 0, reserved: 0 });
    // A late second ending neither refunds nor charges again.
    expect(await finishTask(paidEngine(t.ctx), id, { state: 'failed', stage: '失败', error: '失败' }, { by: 'any' })).toBeNull();
    expect(await quotaUsage(t.ctx, user.id, 'doc_thesis')).toEqual({ used: 0, reserved: 0 });
    const row = await selectTask(t.ctx.database.db, id);
    const holds = (await t.ctx.database.db.execute(`SELECT status FROM quota_reservations WHERE id = '${row!.hold!.id}'`)) as unknown as { rows: { status: string }[] };
    expect(holds.rows.map((r) => r.status)).toEqual(['released']);
    // Paid with points (开启积分抵扣): THESIS_POINTS held, and refunded once.
    await t.ctx.database.db.execute(`UPDATE users SET points = 100 WHERE id = ${user.id}`);
    const paid = (await runThesis(token, { title: '积分支付 [demo:error=500]', outline: OUTLINE }, true)).body.data.task_id;
    expect((await finished(paid, token)).status).toBe('failed');
    const ledger = (await t.ctx.database.db.execute(`SELECT delta, reason FROM points_ledger WHERE user_id = ${user.id} ORDER BY id`)) as unknown as { rows: { delta: number; reason: string }[] };
    expect(ledger.rows).toEqual([
      { delta: -THESIS_POINTS, reason: 'tool' },
      { delta: THESIS_POINTS, reason: 'tool_refund' },
    ]);
  }, 60_000);

  it('文章纠错 answers located corrections (demo) and charges one tool_writing count; a failing model refunds it', async () => {
    const { token, user } = await t.loginAs();
    const text = '我们以经完成了任务，，大家要再接再励。';
    const res = await call<CorrectionRes>('POST', '/api/v1/doc/correct', token, { text, mode: 'correction' });
    expect(res.status).toBe(200);
    expect(res.body.data.demo).toBe(true);
    const found = res.body.data.corrections;
    expect(found.map((c) => [c.original, c.replacement, c.type])).toEqual([
      ['以经', '已经', 'typo'],
      ['，，', '，', 'punctuation'],
      ['再接再励', '再接再厉', 'typo'],
    ]);
    for (const c of found) expect(text.slice(c.start, c.end)).toBe(c.original);
    expect(await quotaUsage(t.ctx, user.id, 'tool_writing')).toEqual({ used: 1, reserved: 0 });
    const failed = await call('POST', '/api/v1/doc/correct', token, { text: '坏掉的模型 [demo:error=500]' });
    expect(failed.body.code).not.toBe(Code.OK);
    expect(failed.body.msg).toBe('生成失败,请检查生成内容后再试！');
    expect(await quotaUsage(t.ctx, user.id, 'tool_writing')).toEqual({ used: 1, reserved: 0 });
  });
});
