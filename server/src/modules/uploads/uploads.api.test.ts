import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { Code, MSG, UPLOAD_LIMITS, type Envelope, type UploadRes } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { multipartBody } from '../../../test/multipart';
import { zipBomb } from '../../../test/fixtures/bombs';
import {
  docxWith,
  epubWith,
  legacyDocWith,
  mobiWith,
  pdfOfPages,
  pdfWith,
  pptxWith,
  pngHeaderOnly,
  tinyJpeg,
  tinyPng,
  xlsxWith,
} from '../../../test/fixtures/documents';
import { testConfig } from '../../config';
import { loadCatalog } from '../../catalog';
import { createLlmGateway } from '../../llm/gateway';
import { dataOf, postChat, textOf } from '../chat/testing/sse-client';
import { deleteFilesById } from '../files/service';
import { selectOwnedUploads } from './store';

/** POST /api/v1/file/yfoo.upload and the chat request's `files`: every limit and message of docs/product/uploads.md §9. */
// Two documents per user at once make the per-user parsing cap quick to reach.
const ENV = { DEMO_TOKEN_DELAY_MS: '0', UPLOAD_PARSE_PER_USER: '2' };

describe.each(testDbKinds())('uploads on %s', (kind) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    const catalog = loadCatalog();
    const llm = await createLlmGateway(testConfig(ENV), catalog, pino({ level: 'silent' }));
    t = await createTestApp(kind, { env: ENV, overrides: { catalog, llm } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(token: string | undefined, name: string, data: Buffer, type?: string) {
    const body = await multipartBody({ name, data, type });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/file/yfoo.upload',
      headers: { ...body.headers, ...(token ? { token } : {}) },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json<Envelope<UploadRes>>() };
  }
  const uploaded = async (token: string, name: string, data: Buffer) => {
    const r = await upload(token, name, data);
    expect(r.body.code, r.body.msg).toBe(200);
    return r.body.data;
  };

  it('needs a login', async () => {
    const r = await upload(undefined, 'a.txt', Buffer.from('内容'));
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(Code.UNAUTHORIZED);
  });

  it('parses every document type and answers {fileId, name, size, chars, kind}', async () => {
    const { token, user } = await t.loginAs();
    const files: [string, Buffer, string][] = [
      ['报告.pdf', pdfWith('Annual report PDF body'), 'Annual report'],
      ['说明.docx', await docxWith(['文档正文段落']), '文档正文段落'],
      [
        '表格.xlsx',
        await xlsxWith([
          ['产品', '数量'],
          ['茶叶', 7],
        ]),
        '茶叶\t7',
      ],
      ['幻灯片.pptx', await pptxWith([['幻灯片标题']]), '幻灯片标题'],
      ['小说.epub', await epubWith(['从前有座山。']), '从前有座山'],
      ['笔记.txt', Buffer.from('纯文本笔记'), '纯文本笔记'],
      ['数据.csv', Buffer.from('城市,气温\n上海,21'), '上海,21'],
      ['旧文档.doc', legacyDocWith('旧版Word里的中文正文'), '旧版Word里的中文正文'],
      ['电子书.mobi', mobiWith('<p>电子书正文内容</p>'), '电子书正文内容'],
    ];
    for (const [name, data, expected] of files) {
      const res = await uploaded(token, name, data);
      expect(res).toMatchObject({ name, size: data.length, kind: 'doc' });
      expect(res.fileId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.chars).toBeGreaterThan(0);
      const [row] = await selectOwnedUploads(t.ctx.database.db, user.id, [res.fileId]);
      expect(row!.text).toContain(expected);
    }
  });

  it('keeps an image; refuses a fake image, a wrong type and an empty file', async () => {
    const { token } = await t.loginAs();
    expect(await uploaded(token, '截图.PNG', tinyPng())).toMatchObject({ kind: 'image', chars: 0, name: '截图.PNG' });
    const fake = await upload(token, 'photo.jpg', Buffer.from('<svg>not an image</svg>'));
    expect(fake.body).toMatchObject({ code: Code.FAILED, msg: MSG.noImageYet });
    const accepted = MSG.fileTypeOnly('png,jpeg,jpg,pdf,txt,csv,docx,xlsx,pptx,ppt,mobi,doc,epub');
    const wrong = await upload(token, 'run.exe', Buffer.from('MZ'));
    expect(wrong.body).toMatchObject({ code: Code.FAILED, msg: accepted });
    // Legacy Excel: no maintained reader on npm (SheetJS left it; 0.18.5 has open advisories), so not accepted.
    const xls = await upload(token, '旧表格.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
    expect(xls.body).toMatchObject({ code: Code.FAILED, msg: accepted });
    expect((await upload(token, 'empty.txt', Buffer.alloc(0))).body.msg).toBe(MSG.fileNoContent);
    expect((await upload(token, 'blank.txt', Buffer.from('   \n '))).body.msg).toBe(MSG.fileNoContent);
    expect((await upload(token, 'old.ppt', Buffer.from('nothing readable'))).body.msg).toBe(MSG.legacyFileUnreadable);
  });

  it('decodes each image: keeps it under the type it really has, refuses corrupt, truncated and oversized ones', async () => {
    const { token, user } = await t.loginAs();
    const jpeg = await tinyJpeg();
    // A PNG named .jpg goes to the model as what it is.
    const png = await uploaded(token, '照片.jpg', tinyPng());
    expect((await selectOwnedUploads(t.ctx.database.db, user.id, [png.fileId]))[0]!.mime).toBe('image/png');
    const real = await uploaded(token, '照片.jpeg', jpeg);
    expect((await selectOwnedUploads(t.ctx.database.db, user.id, [real.fileId]))[0]!.mime).toBe('image/jpeg');
    const refusedImages: [string, Buffer][] = [
      // Right first bytes, nothing after them: passed a check of the signature alone.
      ['signature-only.png', Buffer.concat([tinyPng().subarray(0, 8), Buffer.from('garbage after a PNG signature')])],
      ['signature-only.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 0x41)])],
      ['truncated.jpg', jpeg.subarray(0, Math.floor(jpeg.length * 0.6))],
      ['truncated.png', tinyPng().subarray(0, 45)],
      // A valid header declaring 10 billion pixels: refused before any decoding.
      ['huge.png', pngHeaderOnly(100_000, 100_000)],
    ];
    for (const [name, data] of refusedImages) {
      expect((await upload(token, name, data)).body, name).toMatchObject({ code: Code.FAILED, msg: MSG.noImageYet });
    }
  });

  it('refuses a file over 10 MB (413), an image over 5 MB (413) and text over 100000 characters', async () => {
    const { token } = await t.loginAs();
    const big = await upload(token, 'big.txt', Buffer.alloc(UPLOAD_LIMITS.fileBytes + 1, 0x61));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: Code.PAYLOAD_TOO_LARGE, msg: MSG.fileTooLarge });
    const png = Buffer.concat([tinyPng(), Buffer.alloc(UPLOAD_LIMITS.imageBytes)]);
    const bigImage = await upload(token, 'big.png', png);
    expect(bigImage.status).toBe(413);
    expect(bigImage.body.msg).toBe(MSG.imageTooLarge);
    const long = await upload(token, 'long.txt', Buffer.from('字'.repeat(UPLOAD_LIMITS.maxChars + 1)));
    expect(long.body).toMatchObject({ code: Code.FAILED, msg: MSG.fileTooManyChars });
    expect((await upload(token, 'ok.txt', Buffer.from('字'.repeat(UPLOAD_LIMITS.maxChars)))).body.data.chars).toBe(UPLOAD_LIMITS.maxChars);
  });

  it('answers 400 for a request without a file', async () => {
    const { token } = await t.loginAs();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/file/yfoo.upload', headers: { token }, payload: { a: 1 } });
    expect(res.statusCode).toBe(400);
    const none = await multipartBody(null, { a: '1' });
    const res2 = await t.app.inject({
      method: 'POST',
      url: '/api/v1/file/yfoo.upload',
      headers: { token, ...none.headers },
      payload: none.payload,
    });
    expect(res2.statusCode).toBe(400);
  });

  it('refuses a document that inflates past the cap (a decompression bomb) with the too-many-characters message', async () => {
    const { token } = await t.loginAs();
    const bomb = await upload(token, '炸弹.docx', await zipBomb('docx'));
    expect(bomb.body).toMatchObject({ code: Code.FAILED, msg: MSG.fileTooManyChars });
  });

  it("answers 429 with a Chinese message past a user's parsing cap, while another user's file is parsed", async () => {
    const mine = await t.loginAs();
    const other = await t.loginAs();
    const heavy = pdfOfPages(1500);
    const parsing = [1, 2].map((n) => upload(mine.token, `长报告${n}.pdf`, heavy));
    await new Promise((r) => setTimeout(r, 300));
    const third = await upload(mine.token, '第三份.txt', Buffer.from('第三份'));
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ code: Code.RATE_LIMITED, msg: MSG.fileParseOwnerBusy(2) });
    expect((await uploaded(other.token, '别人的.txt', Buffer.from('别人的文件'))).chars).toBe(5);
    for (const r of await Promise.all(parsing)) expect(r.body.code, r.body.msg).toBe(200);
    expect((await uploaded(mine.token, '第三份.txt', Buffer.from('第三份'))).chars).toBe(3);
  });

  describe('files in a chat request', () => {
    const chatError = async (model: string, token: string, files: string[]) => {
      const call = await postChat(base, model, { prompt: '总结一下', files }, token);
      await call.finished;
      return call.envelope as Envelope<unknown>;
    };

    it('gives the document text to the model (the demo upstream quotes it)', async () => {
      const { token } = await t.loginAs();
      const doc = await uploaded(token, '会议纪要.docx', await docxWith(['本次会议决定下周发布新版本。']));
      const call = await postChat(base, 'v35', { prompt: '会议决定了什么？', files: [doc.fileId] }, token);
      await call.finished;
      expect(dataOf(call, 'done')).toBeTruthy();
      const text = textOf(call);
      expect(text).toContain('已阅读文件「会议纪要.docx」');
      expect(text).toContain('本次会议决定下周发布新版本');
      expect(text).toContain('会议决定了什么');
    });

    it('sends one image to a vision model as an image part; a text model refuses it', async () => {
      const { token } = await t.loginAs();
      const img = await uploaded(token, 'a.png', tinyPng());
      const call = await postChat(base, 'image', { prompt: '图里有什么？', files: [img.fileId] }, token);
      await call.finished;
      expect(textOf(call)).toContain('收到一张图片（image/png，约 1 KB，2×3 像素）');
      expect(await chatError('v35', token, [img.fileId])).toMatchObject({ code: Code.FAILED, msg: MSG.modelNoVision });
    });

    it("reads an image's bytes from the file store (the row keeps none); a lost file is not found; older rows with bytes still work", async () => {
      const { token, user } = await t.loginAs();
      const img = await uploaded(token, 'store.png', tinyPng());
      const [row] = await selectOwnedUploads(t.ctx.database.db, user.id, [img.fileId]);
      expect(row!.data).toBeNull();
      expect(row!.fileId).toMatch(/^[0-9a-f]{32}$/);
      const seen = await postChat(base, 'image', { prompt: '图里有什么？', files: [img.fileId] }, token);
      await seen.finished;
      expect(textOf(seen)).toContain('收到一张图片（image/png，约 1 KB，2×3 像素）');
      // A row from before the file store: the bytes in the row itself.
      const legacyId = randomUUID();
      await t.ctx.database.db.execute(
        sql`INSERT INTO uploads (id, user_id, kind, name, mime, size, data) VALUES (${legacyId}, ${user.id}, 'image', 'old.png', 'image/png', ${tinyPng().length}, ${tinyPng()})`,
      );
      const legacy = await postChat(base, 'image', { prompt: '旧图', files: [legacyId] }, token);
      await legacy.finished;
      expect(textOf(legacy)).toContain('收到一张图片（image/png');
      // The stored bytes gone (a lost bucket object): the upload reads as missing, never a 500.
      await deleteFilesById(t.ctx, [row!.fileId!]);
      expect(await chatError('image', token, [img.fileId])).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.uploadNotFound });
    });

    it('refuses mixed images and documents, two images, and more than 5 MB together', async () => {
      const { token } = await t.loginAs();
      const img1 = await uploaded(token, 'a.png', tinyPng());
      const img2 = await uploaded(token, 'b.png', tinyPng());
      const doc = await uploaded(token, 'a.txt', Buffer.from('文字'));
      expect(await chatError('image', token, [img1.fileId, doc.fileId])).toMatchObject({ msg: MSG.noMixImageDoc });
      expect(await chatError('image', token, [img1.fileId, img2.fileId])).toMatchObject({ msg: MSG.maxOneImage });
      // Each file alone is within limits (3 MB, a few characters); together they pass 5 MB.
      const a = await uploaded(token, 'a.docx', await docxWith(['第一份'], 3 * 1024 * 1024));
      const b = await uploaded(token, 'b.docx', await docxWith(['第二份'], 3 * 1024 * 1024));
      expect(await chatError('v35', token, [a.fileId, b.fileId])).toMatchObject({ msg: MSG.filesTotalTooLarge });
      // Text over 100000 characters across files.
      const long1 = await uploaded(token, 'l1.txt', Buffer.from('字'.repeat(60_000)));
      const long2 = await uploaded(token, 'l2.txt', Buffer.from('文'.repeat(60_000)));
      expect(await chatError('v35', token, [long1.fileId, long2.fileId])).toMatchObject({ msg: MSG.fileTooManyChars });
    });

    it("refuses more than 5 files (400) and another user's file (404), before any count is held", async () => {
      const alice = await t.loginAs();
      const bob = await t.loginAs();
      const bobs = await uploaded(bob.token, 'bob.txt', Buffer.from('鲍勃的秘密'));
      const res = await chatError('v35', alice.token, [bobs.fileId]);
      expect(res).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.uploadNotFound });
      const six = await chatError('v35', alice.token, ['1', '2', '3', '4', '5', '6']);
      expect(six.code).toBe(Code.BAD_REQUEST);
    });
  });
});
