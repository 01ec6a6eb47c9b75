import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import {
  Code,
  DOC_LIBRARY_MAX_BYTES,
  DOC_LIBRARY_MSG,
  type DocFileInfo,
  type DocOverview,
  type DocPassage,
  type DocSearchRes,
  type Envelope,
} from '@wanxiang/contract';
import { listeningDemoApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { startFakeEmbeddings, type FakeEmbeddings } from '../../../test/fake-embeddings';
import { zipBomb, pdfBomb } from '../../../test/fixtures/bombs';
import { docxWith, pdfPagesWith } from '../../../test/fixtures/documents';
import { multipartBody } from '../../../test/multipart';
import { dataOf, postStream, textOf } from '../../../test/sse-client';
import type { RunningTaskEngine } from '../../jobs';
import { quotaUsage } from '../quota/service';
import { startTasks } from '../tasks/lifecycle';

/**
 * The document library end to end on the demo upstream: upload -> indexing task -> ready, the
 * right passage found for a question (full text alone, and hybrid with the fake /embeddings),
 * summary and outline on open (cached), a streamed answer citing the passages (chat_doc charged
 * once), file2text and the generic upload; every bad file a Chinese 400; another user's document 404.
 */

export const REPORT_MD = [
  '# 第一章 公司概况',
  '万象科技成立于二〇一五年，总部位于杭州，员工约三百人，主要产品是面向中文用户的智能写作平台。',
  '# 第二章 财务数据',
  '二〇二三年公司营业收入为十二亿元，同比增长百分之十八；净利润为一点五亿元，毛利率保持在百分之四十左右。',
  '# 第三章 研发投入',
  '研发团队专注于大语言模型、文档理解和语音识别技术，全年研发投入占营业收入的百分之二十二。',
  '# 第四章 风险提示',
  '行业竞争加剧、数据合规要求提高以及关键人才流失，都可能对公司的经营产生不利影响。',
].join('\n\n');

const PDF_PAGES = [
  'The warranty covers parts and labour for two years from the date of purchase.',
  'Shipping takes five business days within the mainland; express delivery takes two days.',
  'Returns are accepted within thirty days when the product is unused and in its box.',
];

for (const embeddings of [false, true]) {
  describe.each(testDbKinds())(`document library (${embeddings ? 'hybrid, fake embeddings' : 'full text only'}) on %s`, (kind) => {
    let t: TestApp;
    let base: string;
    let engine: RunningTaskEngine;
    let fake: FakeEmbeddings | undefined;

    beforeAll(async () => {
      fake = embeddings ? await startFakeEmbeddings() : undefined;
      const env: Record<string, string> = { TZ_BUSINESS: 'UTC', DEMO_TOKEN_DELAY_MS: '0', TASK_POLL_MAX_MS: '100' };
      if (fake) Object.assign(env, { DOC_EMBEDDINGS_MODEL: 'fake-embed', DOC_EMBEDDINGS_BASE_URL: fake.baseUrl });
      ({ t, base } = await listeningDemoApp(kind, env));
      engine = await startTasks(t.ctx, pino({ level: 'silent' }), { workers: true });
    }, 120_000);
    afterAll(async () => {
      await engine?.stop();
      await t?.close();
      await fake?.close();
    });

    const upload = async (token: string, name: string, data: Buffer, url = '/api/v1/doc/uploadFile') => {
      const body = await multipartBody({ name, data });
      const res = await t.app.inject({ method: 'POST', url, headers: { token, ...body.headers }, payload: body.payload });
      return { status: res.statusCode, body: res.json<Envelope<DocFileInfo>>() };
    };
    const call = async <T>(method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
      const res = await t.app.inject({ method, url, headers: { token }, ...(payload ? { payload } : {}) });
      return { status: res.statusCode, body: res.json<Envelope<T>>() };
    };
    const ready = async (token: string, id: string): Promise<DocFileInfo> => {
      for (let i = 0; i < 200; i++) {
        const { body } = await call<{ list: DocFileInfo[] }>('GET', '/api/v1/doc/fileList', token);
        const doc = body.data.list.find((d) => d.file_id === id);
        if (doc && doc.status !== 'indexing') return doc;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('document never indexed');
    };
    const search = (token: string, file_id: string, query: string) =>
      call<DocSearchRes>('POST', '/api/v1/doc/fileSearch', token, { file_id, query });

    it('indexes a Markdown report by section and finds the passage that answers', async () => {
      const { token } = await t.loginAs();
      const up = await upload(token, '年度报告.md', Buffer.from(REPORT_MD));
      expect(up.body).toMatchObject({ code: 200, data: { name: '年度报告.md', ext: 'md', status: 'indexing' } });
      expect(up.body.data.task_id).toBeTruthy();
      const doc = await ready(token, up.body.data.file_id);
      expect(doc).toMatchObject({ status: 'ready', sections: 4, embedded: embeddings });
      expect(doc.chunks).toBeGreaterThanOrEqual(4);

      const money = await search(token, doc.file_id, '公司去年的营业收入和净利润是多少？');
      expect(money.body.data.mode).toBe(embeddings ? 'hybrid' : 'fulltext');
      expect(money.body.data.passages[0]).toMatchObject({ n: 1, section: '第二章 财务数据', page: null });
      expect(money.body.data.passages[0]!.content).toContain('十二亿元');
      const risk = await search(token, doc.file_id, '有哪些风险会影响经营？');
      expect(risk.body.data.passages[0]!.section).toBe('第四章 风险提示');
      if (fake) expect(fake.requests.some((r) => r.model === 'fake-embed' && r.inputs >= 4)).toBe(true);
      if (fake) {
        // The embedding vendor failing at question time leaves the full-text ranking, never a failed search.
        fake.failing = true;
        const fallback = await search(token, doc.file_id, '公司去年的营业收入和净利润是多少？');
        fake.failing = false;
        expect(fallback.body.data.mode).toBe('fulltext');
        expect(fallback.body.data.passages[0]!.section).toBe('第二章 财务数据');
      }
      const one = await call<DocFileInfo>('GET', `/api/v1/doc/file/${doc.file_id}`, token);
      expect(one.body.data).toMatchObject({ file_id: doc.file_id, status: 'ready' });
    });

    it('keeps PDF pages: the answer cites the page it is on', async () => {
      const { token } = await t.loginAs();
      const up = await upload(token, 'manual.pdf', pdfPagesWith(PDF_PAGES));
      const doc = await ready(token, up.body.data.file_id);
      expect(doc).toMatchObject({ status: 'ready', sections: 3 });
      const res = await search(token, doc.file_id, 'how many days does shipping take');
      expect(res.body.data.passages[0]).toMatchObject({ page: 2 });
      expect(res.body.data.passages[0]!.content).toContain('Shipping');
      const returns = await search(token, doc.file_id, 'returns unused product');
      expect(returns.body.data.passages[0]!.page).toBe(3);
    });

    it('summary and outline on open (demo, cached), then a streamed answer citing passages, chat_doc charged once', async () => {
      const { token, user } = await t.loginAs();
      const up = await upload(token, '年度报告.md', Buffer.from(REPORT_MD));
      const doc = await ready(token, up.body.data.file_id);
      const ov = await call<DocOverview>('POST', '/api/v1/doc/overview', token, { file_id: doc.file_id });
      expect(ov.body.data.demo).toBe(true);
      expect(ov.body.data.summary).toContain('万象科技');
      expect(ov.body.data.outline.map((o) => o.title)).toEqual([
        '第一章 公司概况',
        '第二章 财务数据',
        '第三章 研发投入',
        '第四章 风险提示',
      ]);
      expect((await call<DocOverview>('POST', '/api/v1/doc/overview', token, { file_id: doc.file_id })).body.data).toEqual(ov.body.data);

      const before = (await quotaUsage(t.ctx, user.id, 'chat_doc')).used;
      const chat = await postStream(base, '/api/v1/doc/chat', { file_id: doc.file_id, question: '公司的营业收入是多少？' }, token);
      await chat.finished;
      const passages = dataOf(chat, 'tool_result');
      expect(passages?.type).toBe('doc_passages');
      const list = passages!.outputs as DocPassage[];
      expect(list[0]!.section).toBe('第二章 财务数据');
      const text = textOf(chat);
      expect(text).toContain('演示');
      expect(text).toContain('[1]');
      expect(text).toContain('十二亿元');
      expect(dataOf(chat, 'meta')?.demo).toBe(true);
      expect(dataOf(chat, 'done')).toBeTruthy();
      expect((await quotaUsage(t.ctx, user.id, 'chat_doc')).used).toBe(before + 1);
    });

    it('refuses bad files in Chinese (400) and stores nothing', async () => {
      const { token } = await t.loginAs();
      const cases: [string, Buffer | Promise<Buffer>, string][] = [
        ['virus.exe', Buffer.from('MZ...'), DOC_LIBRARY_MSG.typeOnly('pdf、docx、pptx、xlsx、epub、txt、md')],
        ['empty.txt', Buffer.alloc(0), DOC_LIBRARY_MSG.empty],
        ['fake.pdf', Buffer.from('not a pdf at all'), DOC_LIBRARY_MSG.contentMismatch],
        ['bomb.docx', zipBomb('docx', 300 * 1024 * 1024), DOC_LIBRARY_MSG.bomb],
        ['bomb.pdf', pdfBomb(300 * 1024 * 1024), DOC_LIBRARY_MSG.bomb],
      ];
      for (const [name, data, msg] of cases) {
        const res = await upload(token, name, await data);
        expect(res.status, name).toBe(400);
        expect(res.body.msg, name).toBe(msg);
      }
      const big = await upload(token, 'big.txt', Buffer.alloc(DOC_LIBRARY_MAX_BYTES + 1, 0x61));
      expect(big.status).toBe(400);
      expect(big.body.msg).toBe(DOC_LIBRARY_MSG.tooLarge(DOC_LIBRARY_MAX_BYTES / 1024 / 1024));
      const none = await t.app.inject({
        method: 'POST',
        url: '/api/v1/doc/uploadFile',
        headers: { token, 'content-type': 'application/json' },
        payload: {},
      });
      expect(none.statusCode).toBe(400);
      expect((await call<{ list: DocFileInfo[] }>('GET', '/api/v1/doc/fileList', token)).body.data.list).toEqual([]);
      // Bad ids and questions.
      expect((await call('POST', '/api/v1/doc/fileSearch', token, { file_id: 'x', query: '问题' })).body).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: DOC_LIBRARY_MSG.fileIdInvalid,
      });
      expect((await call('POST', '/api/v1/doc/fileSearch', token, { file_id: 'a'.repeat(32), query: '  ' })).body.msg).toBe(
        DOC_LIBRARY_MSG.queryRequired,
      );
      expect((await call('POST', '/api/v1/doc/fileDelete', token, { file_id: 123 })).body.msg).toBe(DOC_LIBRARY_MSG.fileIdInvalid);
      // The file-to-text read refuses the same way.
      const bomb = await upload(token, 'bomb.docx', await zipBomb('docx', 300 * 1024 * 1024), '/api/v1/files/file2text');
      expect(bomb.status).toBe(400);
      expect(bomb.body.msg).toBe(DOC_LIBRARY_MSG.bomb);
    }, 60_000);

    it("another user's document is not found; the owner deletes theirs", async () => {
      const owner = await t.loginAs();
      const other = await t.loginAs();
      const up = await upload(owner.token, 'r.md', Buffer.from(REPORT_MD));
      const id = (await ready(owner.token, up.body.data.file_id)).file_id;
      for (const [url, payload] of [
        ['/api/v1/doc/fileSearch', { file_id: id, query: '营业收入' }],
        ['/api/v1/doc/overview', { file_id: id }],
        ['/api/v1/doc/fileDelete', { file_id: id }],
      ] as const) {
        const res = await call('POST', url, other.token, payload);
        expect(res.status, url).toBe(404);
        expect(res.body.msg, url).toBe(DOC_LIBRARY_MSG.notFound);
      }
      const chat = await t.app.inject({
        method: 'POST',
        url: '/api/v1/doc/chat',
        headers: { token: other.token },
        payload: { file_id: id, question: '营业收入' },
      });
      expect(chat.statusCode).toBe(404);
      expect((await call<{ list: DocFileInfo[] }>('GET', '/api/v1/doc/fileList', other.token)).body.data.list).toEqual([]);

      expect((await call('POST', '/api/v1/doc/fileDelete', owner.token, { file_id: id })).body).toMatchObject({
        code: 200,
        msg: DOC_LIBRARY_MSG.deleted,
      });
      expect((await call<{ list: DocFileInfo[] }>('GET', '/api/v1/doc/fileList', owner.token)).body.data.list).toEqual([]);
      expect((await search(owner.token, id, '营业收入')).status).toBe(404);
    });

    it("file2text answers a document's text; file/upload answers a file id other tools take", async () => {
      const { token } = await t.loginAs();
      const text = await upload(
        token,
        '说明.docx',
        await docxWith(['第一段：文档转文字。', '第二段：保留顺序。']),
        '/api/v1/files/file2text',
      );
      expect(text.body).toMatchObject({ code: 200, data: { name: '说明.docx' } });
      expect((text.body.data as unknown as { text: string }).text).toContain('第二段：保留顺序。');
      const stored = await upload(token, 'a.pdf', pdfPagesWith(['hello']), '/api/v1/file/upload');
      expect(stored.body.code).toBe(200);
      const fileId = (stored.body.data as unknown as { file_id: string }).file_id;
      expect(fileId).toMatch(/^[0-9a-f]{32}$/);
      const wrong = await upload(token, 'a.exe', Buffer.from('MZ'), '/api/v1/file/upload');
      expect(wrong.status).toBe(400);
    });
  });
}
