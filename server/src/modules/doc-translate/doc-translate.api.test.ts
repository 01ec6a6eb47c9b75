import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { Code, DOC_TRANSLATE_MAX_CHARS, MSG, type DocTranslateStatus, type Envelope, type PdfUploaded, type StoredFile } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { multipartBody } from '../../../test/multipart';
import type { AppContext } from '../../context';
import { selectTask, type RunningTaskEngine } from '../../jobs';
import { sampleDocx, samplePdf } from '../../tools/tasks/testing/office-fixtures';
import { saveFile } from '../files/service';
import { quotaUsage } from '../quota/service';
import { startTasks } from '../tasks/lifecycle';

/**
 * The spec's document translation calls end to end in demo mode (docs/api.md "Document
 * translation"): doc/translate queues 文档翻译 and translate_query follows it to the translated
 * file on the owner-only file route; pdf/uploadPdf + pdf/translate give a bilingual DOCX (and PDF);
 * format_translate says the layout engine is off; bad files are Chinese 400s with nothing held;
 * another user's file and task are refused; a failed translation refunds its count exactly once.
 */
describe.each(testDbKinds())('document translation calls on %s', (kind) => {
  let t: TestApp;
  let engine: RunningTaskEngine;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { TZ_BUSINESS: 'UTC', TASK_POLL_MAX_MS: '100', DEMO_TOKEN_DELAY_MS: '0' } });
    engine = await startTasks(t.ctx, pino({ level: 'silent' }), { workers: true });
  }, 120_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  const call = async <T>(url: string, token?: string, payload?: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, headers: token ? { token } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const uploadVia = async <T>(url: string, token: string, name: string, data: Buffer) => {
    const body = await multipartBody({ name, data });
    const res = await t.app.inject({ method: 'POST', url, headers: { ...body.headers, token }, payload: body.payload });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const store = async (userId: number, name: string, body: Buffer): Promise<string> =>
    (await saveFile(t.ctx, { userId, name, contentType: 'application/octet-stream', body, purpose: 'upload' })).id;
  const submitted = (res: { body: Envelope<unknown> }) => {
    expect(res.body.code, res.body.msg).toBe(200);
    return (res.body.data as { task_id: string }).task_id;
  };
  const settle = async (taskId: string, token: string, url = '/api/v1/doc/translate_query'): Promise<DocTranslateStatus> => {
    let last: DocTranslateStatus | undefined;
    await expect
      .poll(
        async () => {
          last = (await call<DocTranslateStatus>(url, token, { task_id: taskId })).body.data;
          return ['succeeded', 'failed', 'canceled'].includes(last.status);
        },
        { timeout: 60_000, interval: 150 },
      )
      .toBe(true);
    return last!;
  };
  const download = async (url: string, token: string) => t.app.inject({ method: 'GET', url: `${url}?download=1`, headers: { token } });

  it('doc/translate: a DOCX translated in place, followed by translate_query and pdf/progress; one doc_translate count; owner only', async () => {
    const { token, user } = await t.loginAs();
    const up = await uploadVia<StoredFile>('/api/v1/files/upload', token, '季度报告.docx', await sampleDocx(2));
    expect(up.body.code, up.body.msg).toBe(200);
    const taskId = submitted(await call('/api/v1/doc/translate', token, { file_id: up.body.data.id, source_lang: 'en', target_lang: 'zh', glossary: 'quarterly report=季度报告' }));
    const done = await settle(taskId, token);
    expect(done).toMatchObject({ task_id: taskId, tool: 'docTranslate', status: 'succeeded', progress: 100 });
    expect(done.text).toContain('演示译文');
    expect(done.files).toHaveLength(1);
    const file = done.files![0]!;
    expect(file.name).toBe('季度报告-中文（简体）译文.docx');
    const bytes = await download(file.url, token);
    expect(bytes.statusCode).toBe(200);
    const body = await (await JSZip.loadAsync(bytes.rawPayload)).file('word/document.xml')!.async('string');
    expect(body).toContain('【演示译文·中文（简体）】');
    expect(await quotaUsage(t.ctx, user.id, 'doc_translate')).toEqual({ used: 1, reserved: 0 });
    expect((await call('/api/v1/pdf/progress', token, { task_id: taskId })).body.data).toEqual({ task_id: taskId, status: 'succeeded', progress: 100, stage: MSG.taskStageDone });

    const other = await t.loginAs();
    for (const url of ['/api/v1/doc/translate_query', '/api/v1/pdf/progress']) {
      const theirs = await call(url, other.token, { task_id: taskId });
      expect([theirs.status, theirs.body]).toEqual([404, { code: Code.NOT_FOUND, msg: MSG.taskNotFound, data: null }]);
    }
    expect((await download(file.url, other.token)).statusCode).toBe(404);
    // Another user's file cannot be translated either, and nothing is held for the attempt.
    const refused = await call('/api/v1/doc/translate', other.token, { file_id: up.body.data.id, target_lang: 'en' });
    expect([refused.status, refused.body.msg]).toEqual([400, MSG.taskFileMissing('文档')]);
    expect(await quotaUsage(t.ctx, other.user.id, 'doc_translate')).toEqual({ used: 0, reserved: 0 });
    expect((await call('/api/v1/doc/translate', undefined, { file_id: up.body.data.id, target_lang: 'en' })).status).toBe(401);
  }, 120_000);

  it('pdf/uploadPdf + pdf/translate: a bilingual DOCX (and its PDF where LibreOffice runs); format_translate says the engine is off', async () => {
    const { token, user } = await t.loginAs();
    const up = await uploadVia<PdfUploaded>('/api/v1/pdf/uploadPdf', token, 'paper.pdf', await samplePdf(2));
    expect(up.body.code, up.body.msg).toBe(200);
    expect(up.body.data).toMatchObject({ name: 'paper.pdf', pages: 2 });
    const taskId = submitted(await call('/api/v1/pdf/translate', token, { file_id: up.body.data.file_id, target_lang: 'zh', mode: 'target' }));
    const done = await settle(taskId, token);
    expect(done.status, done.error).toBe('succeeded');
    expect(done.files!.map((f) => f.name)[0]).toBe('paper-中文（简体）译文.docx');
    const docx = await JSZip.loadAsync((await download(done.files![0]!.url, token)).rawPayload);
    expect(await docx.file('word/document.xml')!.async('string')).toContain('第 2 页');
    expect(await quotaUsage(t.ctx, user.id, 'doc_translate')).toEqual({ used: 1, reserved: 0 });

    const off = await call('/api/v1/pdf/format_translate', token, { file_id: up.body.data.file_id, target_lang: 'zh' });
    expect([off.status, off.body.msg]).toEqual([403, MSG.docTranslateLayoutOff]);
    const notLayout = await call('/api/v1/pdf/format_translate_query', token, { task_id: taskId });
    expect([notLayout.status, notLayout.body.msg]).toEqual([400, MSG.docTranslateNotTranslateTask]);
    expect(await quotaUsage(t.ctx, user.id, 'doc_translate')).toEqual({ used: 1, reserved: 0 });
  }, 120_000);

  it('bad input is a Chinese 400 with nothing held: fields, wrong type, empty file, zip bomb, over-long text, 2,000-page PDF, scans', async () => {
    const { token, user } = await t.loginAs();
    const docx = await store(user.id, 'a.docx', await sampleDocx());
    const refusal = async (url: string, body: unknown) => {
      const res = await call(url, token, body);
      return [res.status, res.body.msg];
    };
    expect(await refusal('/api/v1/doc/translate', { file_id: docx })).toEqual([400, MSG.docTranslateTargetRequired]);
    expect(await refusal('/api/v1/doc/translate', { file_id: docx, target_lang: 'xx' })).toEqual([400, MSG.docTranslateLanguageInvalid]);
    expect(await refusal('/api/v1/doc/translate', { file_id: '../etc', target_lang: 'zh' })).toEqual([400, MSG.docTranslateFileIdInvalid]);
    expect(await refusal('/api/v1/doc/translate', { file_id: docx, target_lang: 'zh', mode: 'both' })).toEqual([400, MSG.docTranslateModeInvalid]);
    expect(await refusal('/api/v1/doc/translate', { file_id: docx, source_lang: 'zh', target_lang: 'zh' })).toEqual([400, MSG.docTranslateSameLanguage]);
    expect(await refusal('/api/v1/doc/translate', { file_id: docx, target_lang: 'zh', glossary: 'no equals sign' })).toEqual([400, MSG.docTranslateGlossaryBad(1)]);
    expect(await refusal('/api/v1/doc/translate_query', { task_id: 'bad id!' })).toEqual([400, MSG.docTranslateTaskIdInvalid]);

    const txt = await store(user.id, 'notes.txt', Buffer.from('hello'));
    expect(await refusal('/api/v1/doc/translate', { file_id: txt, target_lang: 'zh' })).toEqual([400, MSG.taskFileWrongType('文档', 'docx、pptx、xlsx、pdf')]);
    expect(await refusal('/api/v1/doc/translate', { file_id: await store(user.id, 'empty.docx', Buffer.alloc(0)), target_lang: 'zh' })).toEqual([400, MSG.docTranslateEmptyFile]);
    const bomb = new JSZip();
    bomb.file('word/document.xml', Buffer.alloc(150 * 1024 * 1024, 0x20));
    const bombId = await store(user.id, 'bomb.docx', await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } }));
    expect(await refusal('/api/v1/doc/translate', { file_id: bombId, target_lang: 'zh' })).toEqual([400, MSG.docTranslateZipBomb]);
    const long = new JSZip();
    const para = `<w:p><w:r><w:t>${'Long text. '.repeat(500)}</w:t></w:r></w:p>`;
    long.file('word/document.xml', `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${para.repeat(Math.ceil(DOC_TRANSLATE_MAX_CHARS / 5500) + 1)}</w:body></w:document>`);
    const longId = await store(user.id, 'long.docx', await long.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
    expect(await refusal('/api/v1/doc/translate', { file_id: longId, target_lang: 'zh' })).toEqual([400, MSG.docTranslateTooLong(DOC_TRANSLATE_MAX_CHARS)]);

    const many = await PDFDocument.create();
    for (let i = 0; i < 2000; i++) many.addPage([200, 200]);
    const manyBytes = Buffer.from(await many.save());
    const upMany = await uploadVia('/api/v1/pdf/uploadPdf', token, 'book.pdf', manyBytes);
    expect([upMany.status, upMany.body.msg]).toEqual([400, MSG.docTranslatePdfTooManyPages(500)]);
    expect(await refusal('/api/v1/pdf/translate', { file_id: await store(user.id, 'book.pdf', manyBytes), target_lang: 'zh' })).toEqual([400, MSG.docTranslatePdfTooManyPages(500)]);
    const scan = Buffer.from(await (await PDFDocument.create()).addPage([100, 100]).doc.save());
    expect(await refusal('/api/v1/pdf/translate', { file_id: await store(user.id, 'scan.pdf', scan), target_lang: 'zh' })).toEqual([400, MSG.docTranslatePdfNoText]);
    const upDocx = await uploadVia('/api/v1/pdf/uploadPdf', token, 'a.docx', await sampleDocx());
    expect([upDocx.status, upDocx.body.msg]).toEqual([400, MSG.docTranslateNeedPdf]);
    const fake = await uploadVia('/api/v1/pdf/uploadPdf', token, 'fake.pdf', Buffer.from('not a pdf at all'));
    expect([fake.status, fake.body.msg]).toEqual([400, MSG.docTranslateUnreadable]);
    expect(await quotaUsage(t.ctx, user.id, 'doc_translate')).toEqual({ used: 0, reserved: 0 });
  }, 180_000);

  it('a failed translation ([demo:error=500] in the document) refunds its count exactly once', async () => {
    const { token, user } = await t.loginAs();
    const broken = new JSZip();
    broken.file('word/document.xml', '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Fail here [demo:error=500]</w:t></w:r></w:p></w:body></w:document>');
    const id = await store(user.id, 'broken.docx', await broken.generateAsync({ type: 'nodebuffer' }));
    const failed = submitted(await call('/api/v1/doc/translate', token, { file_id: id, target_lang: 'zh' }));
    const end = await settle(failed, token);
    expect(end).toMatchObject({ status: 'failed', error: MSG.docTranslateFailedRefunded });
    expect(end).not.toHaveProperty('files');
    expect(await quotaUsage(t.ctx, user.id, 'doc_translate')).toEqual({ used: 0, reserved: 0 });
    await call(`/api/v1/tasks/${failed}/cancel`, token);
    expect(await quotaUsage(t.ctx, user.id, 'doc_translate')).toEqual({ used: 0, reserved: 0 });
    const good = submitted(await call('/api/v1/doc/translate', token, { file_id: await store(user.id, 'ok.docx', await sampleDocx()), target_lang: 'zh' }));
    expect((await settle(good, token)).status).toBe('succeeded');
    expect(await quotaUsage(t.ctx, user.id, 'doc_translate')).toEqual({ used: 1, reserved: 0 });
  }, 120_000);

  it('resumes after a restart: the stopped worker hands the task back with its finished batches, the next one translates the rest; charged once', async () => {
    const { token, user } = await t.loginAs();
    // Eight batches (one long paragraph each), each answered slowly by the demo upstream ([demo:delay] in the paragraph).
    const para = (i: number) => `<w:p><w:r><w:t>Paragraph ${i} [demo:delay=4] ${'Slow words to translate. '.repeat(60)}</w:t></w:r></w:p>`;
    const doc = new JSZip();
    doc.file('word/document.xml', `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${Array.from({ length: 8 }, (_, i) => para(i)).join('')}</w:body></w:document>`);
    const fileId = await store(user.id, 'slow.docx', await doc.generateAsync({ type: 'nodebuffer' }));
    const taskId = submitted(await call('/api/v1/doc/translate', token, { file_id: fileId, target_lang: 'zh', mode: 'target' }));
    const doneBatches = async () => Object.keys(((await selectTask(t.ctx.database.db, taskId))?.vendor as { done?: object } | null)?.done ?? {}).length;
    await expect.poll(doneBatches, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(2);
    // The process restarts: its worker stops, the running task goes back to the queue with its checkpoint.
    await engine.stop();
    const stopped = await selectTask(t.ctx.database.db, taskId);
    expect(stopped?.state).toBe('queued');
    const kept = await doneBatches();
    expect(kept).toBeLessThan(8);

    let calls = 0;
    const llm = t.ctx.llm;
    const counting: AppContext['llm'] = { ...llm, demo: llm.demo, available: (m) => llm.available(m), stream: (req) => (calls++, llm.stream(req)), close: () => Promise.resolve() };
    engine = await startTasks({ ...t.ctx, llm: counting }, pino({ level: 'silent' }), { workers: true });
    const done = await settle(taskId, token);
    expect(done.status, done.error).toBe('succeeded');
    expect(calls).toBe(8 - kept);
    const body = await (await JSZip.loadAsync((await download(done.files![0]!.url, token)).rawPayload)).file('word/document.xml')!.async('string');
    for (let i = 0; i < 8; i++) expect(body).toContain(`【演示译文·中文（简体）】Paragraph ${i} `);
    expect(await quotaUsage(t.ctx, user.id, 'doc_translate')).toEqual({ used: 1, reserved: 0 });
  }, 120_000);
});
