import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import sharp from 'sharp';
import { DESIGN_DOCS_MSG, MSG, parsePosterCopy, posterCopyText, type TaskFile } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { TaskFailure, type TaskRow, type TaskRunTools } from '../../jobs';
import { readFileBytes, saveFile } from '../../modules/files/service';
import { storeTaskFile } from '../../modules/tasks/lifecycle';
import { findTaskHandler } from './index';
import { docxToPdf } from './office-pdf';
import { backgroundSize } from './poster-background';
import { demoResumeAnswer, parseResume } from './resume-content';
import { RESUME_SECTIONS, resumeDocx } from './resume-docx';
import { resumeRefusal } from './resume';
import { runningTask } from '../../jobs/testing/engine';

/**
 * AI海报's background task and AI简历's task, run directly (no queue) in demo mode: the background
 * is a labelled picture of the format's ratio; the resume is a DOCX that opens with its sections,
 * footer and AIGC property in both templates, plus its PDF where LibreOffice (with Writer) converts.
 */

const sample = await resumeDocx(
  { name: '探针', targetJob: '', contact: '', summary: '', education: [], experience: [], skills: ['x'] },
  'classic',
  'probe',
);
const pdfWorks = (await docxToPdf(sample)) !== null;
if (!pdfWorks)
  console.log('LibreOffice with Writer (soffice) not installed: skipping the resume PDF checks, the DOCX-only answer is tested instead');

async function docxParts(body: Buffer): Promise<{ document: string; footer: string; custom: string }> {
  const zip = await JSZip.loadAsync(body);
  const footers = Object.keys(zip.files).filter((n) => /^word\/footer\d*\.xml$/.test(n));
  return {
    document: await zip.file('word/document.xml')!.async('string'),
    footer: (await Promise.all(footers.map((f) => zip.file(f)!.async('string')))).join(''),
    custom: (await zip.file('docProps/custom.xml')?.async('string')) ?? '',
  };
}

/** The visible text of a document.xml (runs joined). */
const textOf = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');

describe('design document tasks', () => {
  let t: TestApp;
  let userId: number;
  const upload = async (name: string, contentType: string, body: Buffer) =>
    (await saveFile(t.ctx, { userId, name, contentType, body, purpose: 'upload' })).id;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    userId = (await t.loginAs()).user.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const taskOf = (toolId: string, inputs: TaskRow['inputs']): TaskRow => runningTask(userId, toolId, inputs);
  const run = async (toolId: string, inputs: TaskRow['inputs']) => {
    const task = taskOf(toolId, inputs);
    const save = storeTaskFile(t.ctx);
    const stages: string[] = [];
    const tools: TaskRunTools = {
      signal: new AbortController().signal,
      progress: async (_pct, stage) => void (stage && stages.push(stage)),
      saveFile: (file) => save(task, file),
      setVendor: async () => undefined,
    };
    const out = await findTaskHandler(t.ctx, toolId)!.run(task, tools);
    return { ...out, stages, task };
  };
  const bytesOf = async (f: TaskFile) => (await readFileBytes(t.ctx, userId, f.id)).data;

  it('paints a poster background at the format ratio, labelled, and fails the demo fault with a refundable Chinese message', async () => {
    expect(backgroundSize('a4')).toEqual({ width: 904, height: 1280 });
    expect(backgroundSize('16:9')).toEqual({ width: 1280, height: 720 });
    const { files, stages, text } = await run('posterBackground', { text: '秋季音乐节，夜晚草地舞台', size: '9:16', style: '治愈系' });
    // The suggested copy (the demo upstream's, cut from the description) comes back as the task's text.
    expect(parsePosterCopy(text)).toEqual({
      title: '秋季音乐节',
      subtitle: '夜晚草地舞台',
      body: expect.stringContaining('（演示）'),
      info: '时间待定 · 地点待定',
    });
    expect(files).toHaveLength(1);
    expect(stages).toContain(DESIGN_DOCS_MSG.posterStageBackground);
    const meta = await sharp(await bytesOf(files[0]!)).metadata();
    expect([meta.width, meta.height]).toEqual([720, 1280]);
    expect(meta.xmp?.toString()).toContain('<TC260:AIGC>');
    await expect(run('posterBackground', { text: '坏海报 [demo:error=500]', size: '3:4' })).rejects.toThrow(
      new TaskFailure(MSG.imgDemoFailure),
    );
  });

  it("answers Chinese 400s at submit, holding nothing: an empty resume, another user's or a wrong-type upload, a poster without a description", async () => {
    const me = await t.loginAs();
    const other = await t.loginAs();
    const theirs = (
      await saveFile(t.ctx, {
        userId: other.user.id,
        name: '别人的简历.txt',
        contentType: 'text/plain',
        body: Buffer.from('王五'),
        purpose: 'upload',
      })
    ).id;
    const picture = (
      await saveFile(t.ctx, { userId: me.user.id, name: '照片.png', contentType: 'image/png', body: Buffer.from('x'), purpose: 'upload' })
    ).id;
    const submit = async (id: string, inputs: Record<string, unknown>) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/tools/${id}/run`, headers: { token: me.token }, payload: { inputs } });
      return { status: res.statusCode, body: res.json<{ code: number; msg: string }>() };
    };
    expect(await submit('aiResume', { name: '李明' })).toMatchObject({ status: 400, body: { msg: DESIGN_DOCS_MSG.resumeNeedsInput } });
    expect(await submit('aiResumeTwo', { oldResume: theirs })).toMatchObject({
      status: 400,
      body: { msg: MSG.taskFileMissing('上传旧简历（可选）') },
    });
    const wrongType = await submit('aiResume', { oldResume: picture });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.msg).toContain('pdf、docx、txt');
    expect((await submit('posterBackground', { size: 'a4' })).status).toBe(400);
    expect((await submit('posterBackground', { text: '海报', size: 'A5' })).status).toBe(400);
    const rows = (await t.ctx.database.db.execute(`SELECT id FROM tasks WHERE user_id = ${me.user.id}`)) as unknown as { rows: unknown[] };
    expect(rows.rows).toHaveLength(0);
  });

  it('reads suggested poster copy from 标签：文字 lines, with markdown and chatter around them', () => {
    expect(
      parsePosterCopy('好的：\n**标题**：金秋音乐节\n- 副标题: 草地 · 星空\n正文：三支乐队，一个夜晚\n时间地点：10月18日 · 滨江草坪'),
    ).toEqual({
      title: '金秋音乐节',
      subtitle: '草地 · 星空',
      body: '三支乐队，一个夜晚',
      info: '10月18日 · 滨江草坪',
    });
    expect(parsePosterCopy('抱歉，我不能写')).toBeNull();
    expect(parsePosterCopy(posterCopyText({ title: 'a', subtitle: '', body: 'b', info: '' }))).toEqual({
      title: 'a',
      subtitle: '',
      body: 'b',
      info: '',
    });
  });

  it('refuses a resume with neither an old resume nor a name and some facts', () => {
    expect(resumeRefusal({ template: 'classic' })).toBe(DESIGN_DOCS_MSG.resumeNeedsInput);
    expect(resumeRefusal({ name: '李明' })).toBe(DESIGN_DOCS_MSG.resumeNeedsInput);
    expect(resumeRefusal({ name: '李明', skills: 'React' })).toBeNull();
    expect(resumeRefusal({ oldResume: 'f123' })).toBeNull();
  });

  it('reads a model answer with chatter and fences around the JSON, and refuses one without a resume', () => {
    const json = demoResumeAnswer(
      {
        name: '李明',
        targetJob: '前端工程师',
        education: '2019-2023 华东大学 计算机 本科',
        experience: '2023.07-至今 星云科技 前端开发\n负责组件库建设',
        skills: 'React、TypeScript',
      },
      '',
    );
    const parsed = parseResume(`好的，简历如下：\n\`\`\`json\n${json}\n\`\`\``)!;
    expect(parsed.education[0]).toMatchObject({ period: '2019-2023', school: '华东大学' });
    expect(parsed.experience[0]).toMatchObject({
      period: '2023.07-至今',
      org: '星云科技',
      role: '前端开发',
      highlights: ['负责组件库建设。'],
    });
    expect(parsed.skills).toEqual(['React', 'TypeScript']);
    expect(parseResume('抱歉，我无法完成')).toBeNull();
    expect(parseResume('{"name":"","education":[],"experience":[],"skills":[]}')).toBeNull();
  });

  it('writes a resume from the form as a DOCX with its sections, the AI footer and AIGC property, and a PDF when LibreOffice converts', async () => {
    const inputs = {
      template: 'classic',
      name: '李明',
      targetJob: '前端开发工程师',
      contact: '138 0000 0000 · liming@example.com',
      education: '2019-2023 华东大学 计算机科学与技术 本科',
      experience: '2023.07-至今 星云科技 前端开发工程师\n主导组件库重构，页面首屏时间缩短 40%',
      skills: 'React、TypeScript、Node.js；英语六级',
    };
    const out = await run('aiResume', inputs);
    const docx = out.files.find((f) => f.name.endsWith('.docx'))!;
    expect(docx.name).toBe('李明的简历-经典.docx');
    const parts = await docxParts(await bytesOf(docx));
    const text = textOf(parts.document);
    for (const s of [
      RESUME_SECTIONS.summary,
      RESUME_SECTIONS.education,
      RESUME_SECTIONS.experience,
      RESUME_SECTIONS.skills,
      '李明',
      '华东大学',
      '星云科技',
      '主导组件库重构',
      'TypeScript',
    ]) {
      expect(text, s).toContain(s);
    }
    expect(textOf(parts.footer)).toContain(MSG.aiDisclaimer);
    expect(parts.custom).toContain('AIGC');
    expect(parts.custom).toContain(out.task.id);
    if (pdfWorks) {
      const pdf = out.files.find((f) => f.name.endsWith('.pdf'))!;
      expect(pdf.contentType).toBe('application/pdf');
      const { extractText, getDocumentProxy } = await import('unpdf');
      const { text: pages } = await extractText(await getDocumentProxy(new Uint8Array(await bytesOf(pdf))), { mergePages: true });
      expect(pages).toContain('李明');
      expect(pages).toContain(RESUME_SECTIONS.experience);
      expect(out.text).toBe(DESIGN_DOCS_MSG.resumeDone('经典'));
    } else {
      expect(out.files).toHaveLength(1);
      expect(out.text).toBe(DESIGN_DOCS_MSG.resumeDocxOnly('经典'));
    }
  }, 120_000);

  it('rewrites an uploaded old resume in the 简约 template (aiResumeTwo), and fails an unreadable one in Chinese', async () => {
    const old = await upload(
      '旧简历.txt',
      'text/plain',
      Buffer.from('王芳\n2018-2022 江南大学 会计学 本科\n2022.07-2024.06 长风会计师事务所 审计助理\n参与 20 家企业年报审计', 'utf8'),
    );
    const out = await run('aiResumeTwo', { template: 'simple', oldResume: old });
    const docx = out.files.find((f) => f.name.endsWith('.docx'))!;
    expect(docx.name).toBe('王芳的简历-简约.docx');
    const text = textOf((await docxParts(await bytesOf(docx))).document);
    expect(text).toContain('长风会计师事务所');
    expect(text).toContain(RESUME_SECTIONS.experience);
    const broken = await upload('坏简历.pdf', 'application/pdf', Buffer.from('not a pdf at all'));
    await expect(run('aiResume', { template: 'classic', oldResume: broken })).rejects.toThrow(
      new TaskFailure(DESIGN_DOCS_MSG.resumeOldUnreadable),
    );
  }, 120_000);
});
