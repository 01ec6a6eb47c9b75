import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { Code, MSG, TOOL_HISTORY_PAGE_SIZE, type Envelope, type ToolHistoryRes } from '@wanxiang/contract';
import { listeningDemoApp, newPhone, type TestApp } from '../../../test/app';
import { toolRuns } from '../../db/schema';
import { testDbKinds } from '../../../test/db';
import { dataOf, postStream, textOf } from '../chat/testing/sse-client';

/**
 * The history of prompt-tool runs: 20 per page newest first, the owner's only; delete; md and
 * docx exports with the AI-content line and (docx) the implicit AIGC label; another user's run
 * (or a made-up id) reads as absent on every route.
 */
const ENV = { DEMO_TOKEN_DELAY_MS: '0', CHAT_HEARTBEAT_MS: '1000' };

describe.each(testDbKinds())('prompt-tool history and exports on %s', (kind) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    ({ t, base } = await listeningDemoApp(kind, ENV));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** One finished run of a tool: its id (meta.messageId) and answer. */
  async function runTool(token: string, id: string, inputs: Record<string, string | number>): Promise<{ id: string; text: string }> {
    const call = await postStream(base, `/api/v1/tools/${id}/run`, { inputs }, token);
    await call.finished;
    expect(call.events.at(-1)?.event.event).toBe('done');
    return { id: dataOf(call, 'meta')!.messageId, text: textOf(call) };
  }
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { token } });
  const history = async (tool: string, token: string, page = 1) => (await get(`/api/v1/tools/${tool}/history?page=${page}`, token)).json<Envelope<ToolHistoryRes>>();
  const del = (runId: string, token: string) => t.app.inject({ method: 'POST', url: `/api/v1/tools/runs/${runId}/delete`, headers: { token } });

  it('pages the owner runs of one tool, 20 per page, newest first; other tools and other users stay apart', async () => {
    const owner = newPhone();
    const { token } = await t.loginAs(owner);
    const other = await t.loginAs();
    // Earlier runs, written as the stream's save writes them (a day's free counts are fewer than a page).
    const { user } = await t.loginAs(owner);
    const earlier = Array.from({ length: TOOL_HISTORY_PAGE_SIZE }, (_, i) => ({
      id: randomUUID(),
      userId: user.id,
      toolId: 'bestWishes',
      inputs: { text: `旧祝福${i}` },
      model: 'deepseek-v3',
      content: `旧的回答${i}`,
      createdAt: new Date(Date.now() - (TOOL_HISTORY_PAGE_SIZE - i) * 60_000),
    }));
    await t.ctx.database.db.insert(toolRuns).values(earlier);
    const fresh = [await runTool(token, 'bestWishes', { text: '新祝福一 [demo:tokens=2]' }), await runTool(token, 'bestWishes', { text: '新祝福二 [demo:tokens=2]' })];
    await runTool(token, 'aiDream', { text: '梦见大海 [demo:tokens=2]' });
    await runTool(other.token, 'bestWishes', { text: '别人的祝福 [demo:tokens=2]' });

    const first = await history('bestWishes', token);
    expect(first.data.total).toBe(TOOL_HISTORY_PAGE_SIZE + 2);
    expect(first.data.list).toHaveLength(TOOL_HISTORY_PAGE_SIZE);
    expect(first.data.list.slice(0, 3).map((r) => r.id)).toEqual([fresh[1]!.id, fresh[0]!.id, earlier.at(-1)!.id]);
    expect(first.data.list[0]).toMatchObject({ content: fresh[1]!.text, model: 'deepseek-v3', inputs: { text: '新祝福二 [demo:tokens=2]', occasion: '生日', tone: '温馨', count: 3 } });
    const second = await history('bestWishes', token, 2);
    expect(second.data.list.map((r) => r.id)).toEqual([earlier[1]!.id, earlier[0]!.id]);
    expect((await history('aiDream', token)).data.total).toBe(1);
    expect((await history('bestWishes', other.token)).data.total).toBe(1);
    expect((await history('noSuchTool', token)).code).toBe(Code.NOT_FOUND);
    expect((await get('/api/v1/tools/bestWishes/history', '')).json<Envelope<unknown>>().code).toBe(Code.UNAUTHORIZED);
  });

  it("another user can neither read, export nor delete a run; a made-up id reads the same; the owner deletes it once", async () => {
    const owner = await t.loginAs();
    const stranger = await t.loginAs();
    const run = await runTool(owner.token, 'aiNote', { text: '光合作用：光反应和暗反应。 [demo:tokens=3]' });

    for (const url of [`/api/v1/tools/runs/${run.id}/export?format=md`, `/api/v1/tools/runs/${run.id}/export?format=docx`]) {
      const res = await get(url, stranger.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.toolRunNotFound });
    }
    const refused = await del(run.id, stranger.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.toolRunNotFound });
    expect((await history('aiNote', owner.token)).data.total).toBe(1);
    for (const made of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%27%3B--']) {
      expect((await get(`/api/v1/tools/runs/${made}/export`, owner.token)).statusCode).toBe(404);
      expect((await del(made, owner.token)).statusCode).toBe(404);
    }

    const deleted = await del(run.id, owner.token);
    expect(deleted.json()).toMatchObject({ code: Code.OK, msg: MSG.toolRunDeleted });
    expect((await history('aiNote', owner.token)).data.total).toBe(0);
    expect((await del(run.id, owner.token)).statusCode).toBe(404);
  });

  it('exports markdown: the title, the answer and the AI-content line, as a download', async () => {
    const { token } = await t.loginAs();
    const run = await runTool(token, 'aiFormula', { text: '一元二次方程的求根公式' });
    const res = await get(`/api/v1/tools/runs/${run.id}/export?format=md`, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/markdown/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; .*filename\*=UTF-8''%E5%85%AC%E5%BC%8F%E7%94%9F%E6%88%90-\d{4}-\d{2}-\d{2}\.md$/);
    expect(res.body.startsWith('# 公式生成\n\n')).toBe(true);
    expect(res.body).toContain(run.text.trim());
    expect(res.body).toContain('$$\nx = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}\n$$');
    expect(res.body.trimEnd().endsWith(MSG.aiDisclaimer)).toBe(true);
    // md is the default format; an unknown one is refused in Chinese.
    expect((await get(`/api/v1/tools/runs/${run.id}/export`, token)).body).toBe(res.body);
    const bad = await get(`/api/v1/tools/runs/${run.id}/export?format=pdf`, token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.toolExportFormat });
  });

  it('exports a Word document that opens, with headings, lists, table text, the footer line and the AIGC label', async () => {
    const { token } = await t.loginAs();
    const run = await runTool(token, 'aiDecoration', { text: '三口之家，想要收纳多', area: 110, budget: 20 });
    const res = await get(`/api/v1/tools/runs/${run.id}/export?format=docx`, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toMatch(/\.docx$/);
    const bytes = res.rawPayload;
    const { value: text } = await mammoth.extractRawText({ buffer: bytes });
    expect(text).toContain('AI装修');
    expect(text).toContain('设计思路');
    expect(text).toContain('硬装');
    expect(text).toContain('防水做完闭水试验 48 小时再贴砖。');
    expect(text.trimEnd().endsWith(MSG.aiDisclaimer)).toBe(true);
    const { value: html } = await mammoth.convertToHtml({ buffer: bytes });
    expect(html).toContain('<h2>设计思路</h2>');
    expect(html).toMatch(/<table>[\s\S]*硬装[\s\S]*<\/table>/);
    expect(html).toContain('<ul><li>水电改造');
    const zip = await JSZip.loadAsync(bytes);
    const custom = await zip.file('docProps/custom.xml')!.async('string');
    const label = /name="AIGC"[^>]*>\s*<vt:lpwstr>([^<]+)<\/vt:lpwstr>/.exec(custom)?.[1];
    expect(label).toBeDefined();
    expect(JSON.parse(label!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))).toMatchObject({ ContentProducer: '万象 AI', ProduceID: run.id, Label: '1' });
    const footer = await zip.file('word/footer1.xml')?.async('string');
    expect(footer).toContain(MSG.aiDisclaimer);
  });
});
