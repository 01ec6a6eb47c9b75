import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import JSZip from 'jszip';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { createParser } from 'eventsource-parser';
import { Code, MSG, parseOutline, type DocSourceRes, type Envelope } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { multipartBody } from '../../../test/multipart';
import { zipBomb } from '../../../test/fixtures/bombs';
import { pdfOfPages } from '../../../test/fixtures/documents';
import { testConfig } from '../../config';
import { loadCatalog } from '../../catalog';
import { createLlmGateway } from '../../llm/gateway';
import type { SpeechToText, SttInput } from '../../infra/stt';
import { quotaUsage } from '../quota/service';

/**
 * Mind maps and decks from files (docs/product/mindmap-and-slides.md §11) through a listening server and the demo
 * upstream: the upload's refusals (400 in Chinese), the owner check, a DOCX's headings in the map and the outline,
 * an old deck's slide titles in the new outline, a long document condensed, and the audio path with a fake STT.
 */
const ENV = { DEMO_TOKEN_DELAY_MS: '0', CHAT_HEARTBEAT_MS: '1000' };

async function reportDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: '年度工作总结', heading: HeadingLevel.TITLE }),
          new Paragraph({ text: '市场拓展成果', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('今年新开拓了三个城市。客户数量增长了一倍。'),
          new Paragraph({ text: '华东区域', heading: HeadingLevel.HEADING_2 }),
          new Paragraph('上海门店顺利开业。'),
          new Paragraph({ text: '产品研发进展', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('发布了两个新版本，修复了大量问题。'),
          new Paragraph({ text: '明年工作计划', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('继续扩大市场，提升服务质量。'),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** A PowerPoint-style deck: each slide a title placeholder and a body placeholder with levelled bullets. */
async function oldDeck(slides: { title: string; body: string[] }[]): Promise<Buffer> {
  const zip = new JSZip();
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  slides.forEach((s, i) => {
    const shape = (id: number, ph: string, paras: string) =>
      `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Shape ${id}"/><p:cNvSpPr/><p:nvPr><p:ph type="${ph}"/></p:nvPr></p:nvSpPr><p:txBody>${paras}</p:txBody></p:sp>`;
    // The body comes first in the tree: the title is found by its placeholder type, not its position.
    const body = s.body.map((b, j) => `<a:p><a:pPr lvl="${j % 2}"/><a:r><a:t>${esc(b)}</a:t></a:r></a:p>`).join('');
    const title = `<a:p><a:r><a:t>${esc(s.title)}</a:t></a:r></a:p>`;
    zip.file(
      `ppt/slides/slide${i + 1}.xml`,
      `<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree>${shape(3, i === 0 ? 'subTitle' : 'body', body)}${shape(2, i === 0 ? 'ctrTitle' : 'title', title)}</p:spTree></p:cSld></p:sld>`,
    );
  });
  return zip.generateAsync({ type: 'nodebuffer' });
}

const OLD_SLIDES = [
  { title: '2023 销售复盘', body: ['华南大区 · 内部汇报'] },
  { title: '全年业绩概览', body: ['销售额 1.2 亿元', '同比增长 18%'] },
  { title: '重点客户分析', body: ['前十大客户贡献六成收入', '流失客户两家'] },
  { title: '渠道建设情况', body: ['新增经销商 12 家'] },
  { title: '存在的问题', body: ['回款周期偏长', '新品推广慢'] },
  { title: '下一年度目标', body: ['销售额 1.5 亿元'] },
];

interface Streamed {
  status: number;
  names: string[];
  text: string;
  envelope?: Envelope<unknown>;
}

describe.each(testDbKinds())('mind maps and decks from files on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const heard: SttInput[] = [];
  const stt: SpeechToText = {
    name: 'fake',
    async transcribe(input) {
      heard.push(input);
      return '今天的会议讨论三件事。第一，产品发布时间定在下个月。第二，市场预算增加两成。第三，招聘两名工程师。';
    },
  };

  beforeAll(async () => {
    const catalog = loadCatalog();
    const llm = await createLlmGateway(testConfig(ENV), catalog, pino({ level: 'silent' }));
    t = await createTestApp(kind, { env: ENV, overrides: { catalog, llm, stt } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (token: string | undefined, name: string, data: Buffer | null, fields: Record<string, string> = {}, url = '/api/v1/docSource/upload') => {
    const body = await multipartBody(data ? { name, data } : null, fields);
    const res = await t.app.inject({ method: 'POST', url, headers: { ...(token ? { token } : {}), ...body.headers }, payload: body.payload });
    return { status: res.statusCode, body: res.json<Envelope<DocSourceRes & { text?: string }>>() };
  };

  async function stream(path: string, body: unknown, token: string): Promise<Streamed> {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify(body) });
    const out: Streamed = { status: res.status, names: [], text: '' };
    if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      out.envelope = (await res.json()) as Envelope<unknown>;
      return out;
    }
    const parser = createParser({
      onEvent(msg) {
        out.names.push(msg.event ?? 'message');
        if (msg.event === 'text') out.text += (JSON.parse(msg.data) as { text: string }).text;
      },
    });
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) parser.feed(decoder.decode(chunk, { stream: true }));
    return out;
  }

  it('refuses bad files with a Chinese 400: wrong type, empty, a zip bomb, over the size, no file, an old deck that is not .pptx', async () => {
    const { token } = await t.loginAs();
    const cases: [string, Buffer | null, Record<string, string>, string][] = [
      ['virus.exe', Buffer.from('MZ...'), {}, MSG.fileTypeOnly('docx,pdf,pptx,txt,md,epub,xlsx')],
      ['picture.png', Buffer.from('png'), { use: 'ppt' }, MSG.fileTypeOnly('docx,pdf,pptx,txt,md,epub,xlsx')],
      ['empty.docx', Buffer.alloc(0), {}, MSG.docSourceEmpty],
      ['bomb.docx', await zipBomb('docx'), {}, MSG.fileTooManyChars],
      ['huge.txt', Buffer.alloc(10 * 1024 * 1024 + 1, 0x61), {}, MSG.fileTooLarge],
      ['report.docx', await reportDocx(), { use: 'oldPpt' }, MSG.docSourceOldPptOnly],
      ['blank.txt', Buffer.from('   \n\n  '), {}, MSG.fileNoContent],
      ['', null, {}, MSG.docSourceNeedFile],
      ['a.txt', Buffer.from('正文'), { use: 'video' }, MSG.docSourceUseInvalid],
    ];
    for (const [name, data, fields, msg] of cases) {
      const r = await upload(token, name, data, fields);
      expect({ name, status: r.status, body: r.body }).toMatchObject({ name, status: 400, body: { code: Code.BAD_REQUEST, msg } });
    }
    expect((await upload(undefined, 'a.txt', Buffer.from('正文'))).status).toBe(401);
  });

  it('a DOCX becomes a mind map whose branches are its headings, for one doc_mindmap count', async () => {
    const { token, user } = await t.loginAs();
    const up = await upload(token, '工作总结.docx', await reportDocx(), { use: 'mindmap' });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ name: '工作总结.docx', condensed: false });
    expect(up.body.data.headings).toEqual(['年度工作总结', '市场拓展成果', '华东区域', '产品研发进展', '明年工作计划']);
    const map = await stream('/api/v1/mindmap/generate', { fileId: up.body.data.fileId }, token);
    expect(map.names.at(-1)).toBe('done');
    const lines = map.text.split('\n');
    expect(lines[0]).toBe('# 年度工作总结');
    for (const h of ['## 市场拓展成果', '## 华东区域', '## 产品研发进展', '## 明年工作计划']) expect(lines).toContain(h);
    expect(await quotaUsage(t.ctx, user.id, 'doc_mindmap')).toEqual({ used: 1, reserved: 0 });
  });

  it('a DOCX becomes a deck outline whose chapters are its headings', async () => {
    const { token } = await t.loginAs();
    const up = await upload(token, '工作总结.docx', await reportDocx(), { use: 'ppt' });
    const outline = await stream('/api/v1/ppt/outline', { fileId: up.body.data.fileId, from: 'doc' }, token);
    expect(outline.names.at(-1)).toBe('done');
    const nodes = parseOutline(outline.text);
    expect(nodes.find((n) => n.level === 1)?.title).toBe('年度工作总结');
    expect(nodes.filter((n) => n.level === 2).map((n) => n.title)).toEqual(['市场拓展成果', '产品研发进展', '明年工作计划']);
    expect(nodes.filter((n) => n.level === 3).map((n) => n.title)).toContain('华东区域');
  });

  it("an old deck's slide titles, in order, are the new outline's slides; the deck then builds in our template", async () => {
    const { token } = await t.loginAs();
    const up = await upload(token, '销售复盘.pptx', await oldDeck(OLD_SLIDES), { use: 'oldPpt' });
    expect(up.status).toBe(200);
    expect(up.body.data.headings).toEqual(OLD_SLIDES.map((s) => s.title));
    const outline = await stream('/api/v1/ppt/outline', { fileId: up.body.data.fileId, from: 'oldPpt' }, token);
    expect(outline.names.at(-1)).toBe('done');
    const nodes = parseOutline(outline.text);
    expect(nodes[0]).toMatchObject({ level: 1, title: '2023 销售复盘', content: ['华南大区 · 内部汇报'] });
    expect(nodes.filter((n) => n.level === 3).map((n) => n.title)).toEqual(OLD_SLIDES.slice(1).map((s) => s.title));
    expect(nodes.find((n) => n.level === 3 && n.title === '全年业绩概览')?.content).toEqual(['销售额 1.2 亿元', '同比增长 18%']);
    // The same outline goes on to the existing build (a template of ours).
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/ppt/createNewPPT', headers: { token }, payload: { id: 'azure-business', content: outline.text } });
    expect(created.json<Envelope<{ task_id: string }>>().code).toBe(Code.OK);
  });

  it("another user's upload is refused (404) and nothing is held", async () => {
    const owner = await t.loginAs();
    const up = await upload(owner.token, '工作总结.docx', await reportDocx());
    const other = await t.loginAs();
    const map = await stream('/api/v1/mindmap/generate', { fileId: up.body.data.fileId }, other.token);
    expect(map.status).toBe(404);
    expect(map.envelope).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.uploadNotFound });
    const outline = await stream('/api/v1/ppt/outline', { fileId: up.body.data.fileId, from: 'doc' }, other.token);
    expect(outline.envelope).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.uploadNotFound });
    expect(await quotaUsage(t.ctx, other.user.id, 'doc_mindmap')).toEqual({ used: 0, reserved: 0 });
    const unknown = await stream('/api/v1/mindmap/generate', { fileId: '00000000-0000-4000-8000-000000000000' }, other.token);
    expect(unknown.status).toBe(404);
  });

  it('a long document is condensed chunk by chunk; headings from its end still reach the outline', async () => {
    const { token } = await t.loginAs();
    const para = '这一部分详细说明了项目的背景、目标、实施过程和取得的成果，并给出了具体的数据和案例分析。'.repeat(12);
    const text = Array.from({ length: 40 }, (_, i) => `## 第${i + 1}章 专题${i + 1}\n${para}\n${para}`).join('\n\n');
    const up = await upload(token, '长报告.md', Buffer.from(`# 长篇研究报告\n${text}`), { use: 'ppt' });
    expect(up.status).toBe(200);
    expect(up.body.data.condensed).toBe(true);
    const outline = await stream('/api/v1/ppt/outline', { fileId: up.body.data.fileId, from: 'doc' }, token);
    expect(outline.names.at(-1)).toBe('done');
    const chapters = parseOutline(outline.text).filter((n) => n.level === 2).map((n) => n.title);
    expect(chapters[0]).toBe('第1章 专题1');
    expect(chapters).toContain('第40章 专题40');
  });

  it('a 2,000-page PDF is read (within the character limit) and condensed before its map is drawn', async () => {
    const { token } = await t.loginAs();
    const up = await upload(token, '长报告.pdf', pdfOfPages(2000), { use: 'mindmap' });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ condensed: true, headings: [] });
    expect(up.body.data.chars).toBeGreaterThan(50_000);
    const map = await stream('/api/v1/mindmap/generate', { fileId: up.body.data.fileId }, token);
    expect(map.names.at(-1)).toBe('done');
    expect(map.text.split('\n')[0]).toBe('# 长报告');
    expect(map.text).toContain('Page 1 of a long report');
  });

  it('an audio file: speech to text through the STT adapter, then a mind map of the transcript', async () => {
    const { token, user } = await t.loginAs();
    const heardBefore = heard.length;
    const audio = await upload(token, '会议录音.mp3', Buffer.from('ID3 fake audio'), { type: 'voice' }, '/api/v1/media/audioFile2txt');
    expect(audio.status).toBe(200);
    expect(heard.length).toBe(heardBefore + 1);
    expect(heard.at(-1)!.filename).toBe('会议录音.mp3');
    const map = await stream('/api/v1/mindmap/generate', { fileId: audio.body.data.fileId }, token);
    expect(map.names.at(-1)).toBe('done');
    expect(map.text.split('\n')[0]).toBe('# 会议录音');
    expect(map.text).toContain('产品发布时间定在下个月');
    expect(await quotaUsage(t.ctx, user.id, 'doc_mindmap')).toEqual({ used: 1, reserved: 0 });
  });
});
