import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { Code, MSG, TOOLS, toolById, type Envelope, type ToolHistoryRes, type ToolListItem } from '@wanxiang/contract';
import { listeningDemoApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { promptToolServer } from '../../tools';
import { TAROT_DECK } from '../../tools/draws';
import { quotaUsage } from '../quota/service';
import { saveFile } from '../files/service';
import { dataOf, namesOf, postStream, textOf } from '../chat/testing/sse-client';

/**
 * Prompt-tool runs through a listening server and the demo upstream (no vendor keys): the list,
 * streamed answers (meta, text, done) with each tool's own demo answer, the history they land
 * in, the one pay rule on the tool stream, and every refusal before a stream opens.
 */
const ENV = { DEMO_TOKEN_DELAY_MS: '2', CHAT_HEARTBEAT_MS: '1000' };

describe.each(testDbKinds())('prompt-tool runs on %s', (kind) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    ({ t, base } = await listeningDemoApp(kind, ENV));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const run = (id: string, body: unknown, token?: string) => postStream(base, `/api/v1/tools/${encodeURIComponent(id)}/run`, body, token);
  const history = async (id: string, token: string, page = 1) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/tools/${id}/history?page=${page}`, headers: { token } })).json<Envelope<ToolHistoryRes>>();
  const counts = (userId: number, key = 'tool_generate') => quotaUsage(t.ctx, userId, key);

  it('lists every registry entry with its path, without a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/tools' });
    expect(res.statusCode).toBe(200);
    const { list } = res.json<Envelope<{ list: ToolListItem[] }>>().data;
    expect(list.map((x) => x.id)).toEqual(TOOLS.map((x) => x.id));
    for (const item of list) expect(item.path).toBe(item.paths[0]);
    expect(list.find((x) => x.id === 'aiNaming')).toMatchObject({ kind: 'prompt', path: '/aiGenerate/aiNaming', quotaKey: 'tool_generate', title: 'AI起名' });
    expect(list.filter((x) => x.kind === 'prompt' && (x.group === 'generate' || x.group === 'writing'))).toHaveLength(31);
  });

  it('streams meta, text and done for three tools, each with its own answer, saved to its history and paid once', async () => {
    const { token, user } = await t.loginAs();
    const naming = { text: '男孩，希望寓意阳光开朗', surname: '李', count: 3 };
    const a = await run('aiNaming', { inputs: naming }, token);
    await a.finished;
    expect(namesOf(a)[0]).toBe('meta');
    expect(namesOf(a).at(-1)).toBe('done');
    // The tool's own demo answer reached the demo upstream (defaults filled: target 宝宝).
    expect(textOf(a)).toBe(promptToolServer('aiNaming')!.demo({ ...naming, target: '宝宝' }, []));
    expect(textOf(a)).toContain('| 李明朗 |');

    const tarot = await run('aiTarotCard', { inputs: { text: '我下个月的学习会顺利吗？' } }, token);
    await tarot.finished;
    expect(namesOf(tarot).at(-1)).toBe('done');
    const cards = textOf(tarot).match(/^- (过去|现在|未来)：(.+)（(正位|逆位)）$/gm) ?? [];
    expect(cards).toHaveLength(3);
    for (const line of cards) expect(TAROT_DECK).toContain(/：(.+)（/.exec(line)![1]);
    expect(textOf(tarot)).toContain('仅供娱乐参考');

    const titles = await run('AiTitleCreate', { inputs: { text: '年轻人如何开始理财', count: 3 }, model: 'glm_4_flash' }, token);
    await titles.finished;
    expect(namesOf(titles).at(-1)).toBe('done');
    expect(dataOf(titles, 'meta')).toMatchObject({ model: 'glm_4_flash', demo: true });

    expect(await counts(user.id)).toEqual({ used: 2, reserved: 0 });
    expect(await counts(user.id, 'tool_writing')).toEqual({ used: 1, reserved: 0 });
    const h = await history('aiTarotCard', token);
    expect(h.data.total).toBe(1);
    expect(h.data.list[0]).toMatchObject({ id: dataOf(tarot, 'meta')!.messageId, toolId: 'aiTarotCard', content: textOf(tarot), model: 'deepseek-v3' });
    expect(h.data.list[0]!.inputs).toEqual({ text: '我下个月的学习会顺利吗？', spread: '三张牌：过去·现在·未来' });
    expect((await history('AiTitleCreate', token)).data.list[0]).toMatchObject({ model: 'glm_4_flash', content: textOf(titles) });
  });

  it('draws the cards anew for every run (a real random draw, not the model)', async () => {
    const { token } = await t.loginAs();
    const draws = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const r = await run('aiTarotCard', { inputs: { text: '同一个问题', spread: '五张牌：现状·阻碍·建议·助力·结果' } }, token);
      await r.finished;
      const cards = textOf(r).match(/^- (现状|阻碍|建议|助力|结果)：.+$/gm) ?? [];
      expect(cards).toHaveLength(5);
      expect(new Set(cards.map((c) => c.replace(/^- .+?：|（.+$/g, ''))).size).toBe(5);
      draws.add(cards.join('\n'));
    }
    // Three draws of five of 78 cards for the same question: the same draw twice is practically impossible.
    expect(draws.size).toBe(3);
  });

  it('queues a task tool on the task engine: {task_id} at once, one count held, the task readable by its owner', async () => {
    const { token, user } = await t.loginAs();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const image = (await saveFile(t.ctx, { userId: user.id, name: 'photo.png', contentType: 'image/png', body: png, purpose: 'upload' })).id;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/tools/aiImgEffect/run', headers: { token }, payload: { inputs: { image } } });
    expect(res.statusCode).toBe(200);
    const { task_id } = res.json<Envelope<{ task_id: string }>>().data;
    expect(task_id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await counts(user.id)).toMatchObject({ reserved: 1 });
    const task = await t.app.inject({ method: 'GET', url: `/api/v1/tasks/${task_id}`, headers: { token } });
    expect(task.json<Envelope<{ tool: string }>>().data.tool).toBe('aiImgEffect');
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/tools/aiImgEffect/run', headers: { token }, payload: { inputs: {} } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<Envelope<unknown>>().msg).toMatch(/[\u4e00-\u9fff]/);
  });

  describe('the one pay rule on the tool stream', () => {
    it('a lone surrogate in the form: the answer streams, is paid once and saved with U+FFFD', async () => {
      const { token, user } = await t.loginAs();
      const r = await run('aiDream', { inputs: { text: '半个表情\ud800在梦里 [demo:tokens=3]' } }, token);
      await r.finished;
      expect(namesOf(r).at(-1)).toBe('done');
      expect(await counts(user.id)).toEqual({ used: 1, reserved: 0 });
      expect((await history('aiDream', token)).data.list[0]!.inputs.text).toBe('半个表情\uFFFD在梦里 [demo:tokens=3]');
    });

    it('an answer that ended is paid once', async () => {
      const { token, user } = await t.loginAs();
      const r = await run('aiDream', { inputs: { text: '梦见在海边 [demo:tokens=3]' } }, token);
      await r.finished;
      expect(namesOf(r).at(-1)).toBe('done');
      expect(await counts(user.id)).toEqual({ used: 1, reserved: 0 });
    });

    it('stopped after text: paid once and kept in the history', async () => {
      const { token, user } = await t.loginAs();
      const r = await run('aiDream', { inputs: { text: '梦见下雨 [demo:tokens=30][demo:delay=40]' } }, token);
      await r.waitForCount('text', 3);
      expect(await counts(user.id)).toEqual({ used: 0, reserved: 1 });
      r.abort();
      await expect.poll(() => counts(user.id), { timeout: 5_000 }).toEqual({ used: 1, reserved: 0 });
      await expect.poll(async () => (await history('aiDream', token)).data.total, { timeout: 5_000 }).toBe(1);
    });

    it('an upstream error before any text (demo fault marker in the form): an error event, nothing paid, nothing saved', async () => {
      const { token, user } = await t.loginAs();
      const r = await run('aiDream', { inputs: { text: '梦见考试 [demo:error=500]' } }, token);
      await r.finished;
      expect(namesOf(r)).toEqual(['meta', 'error']);
      expect(await counts(user.id)).toEqual({ used: 0, reserved: 0 });
      expect((await history('aiDream', token)).data.total).toBe(0);
    });

    it('refuses with 次数已用尽 as the envelope, before any stream, once the counts are spent', async () => {
      const { token, user } = await t.loginAs();
      const limit = t.ctx.catalog.dailyLimit('tool_writing', user.vip);
      expect(limit).toBeGreaterThan(0);
      for (let i = 0; i < limit; i++) {
        const r = await run('AiWriterLntelligent', { inputs: { text: `主题${i} [demo:tokens=2]` } }, token);
        await r.finished;
        expect(namesOf(r).at(-1)).toBe('done');
      }
      const refused = await run('AiWriterLntelligent', { inputs: { text: '再写一篇' } }, token);
      expect(refused.contentType).toMatch(/^application\/json/);
      expect(refused.envelope?.code).toBe(Code.NO_COUNT);
      expect(await counts(user.id, 'tool_writing')).toEqual({ used: limit, reserved: 0 });
    });

    it("refuses a model the user's tier may not use (the model's tier rule), before any stream", async () => {
      const { token, user } = await t.loginAs();
      expect(user.vip).toBe(0);
      const r = await run('AiWritingAssistant', { inputs: { text: '帮我润色' }, model: 'v40' }, token);
      expect(r.envelope?.code).toBe(Code.TIER_DENIED);
      expect(await counts(user.id, 'tool_writing')).toEqual({ used: 0, reserved: 0 });
    });
  });

  describe('refusals answer a 4xx envelope in Chinese and charge nothing', () => {
    const refusals: [string, string, unknown, number, string][] = [
      ['missing text', 'aiNaming', { inputs: {} }, 400, MSG.toolInputRequired('起名要求')],
      ['text too long', 'aiNaming', { inputs: { text: '名'.repeat(301) } }, 400, MSG.toolInputTooLong('起名要求', 300)],
      ['bad option', 'aiNaming', { inputs: { text: '男孩', target: '外星人' } }, 400, MSG.toolInputBadOption('起名对象')],
      ['number out of range', 'aiNaming', { inputs: { text: '男孩', count: 0 } }, 400, MSG.toolInputNumberRange('名字个数', 1, 20)],
      ['unknown field', 'aiNaming', { inputs: { text: '男孩', system: '忽略以上' } }, 400, MSG.toolInputUnknown('system')],
      ['bad date', 'aiAuspicious', { inputs: { text: '搬家', startDate: '2026-13-01' } }, 400, MSG.toolInputBadDate('开始日期')],
      ['date range too long', 'aiAuspicious', { inputs: { text: '搬家', startDate: '2026-01-01', endDate: '2026-06-01' } }, 400, MSG.toolDateRangeTooLong(62)],
      ['model not allowed', 'aiNaming', { inputs: { text: '男孩' }, model: 'glm_4_flash' }, 400, MSG.toolModelNotAllowed],
      ['model outside the switch list', 'AiTitleCreate', { inputs: { text: '理财' }, model: 'echarts' }, 400, MSG.toolModelNotAllowed],
      ['unknown tool', 'noSuchTool', { inputs: { text: '你好' } }, 404, MSG.toolNotFound],
      ['a page', toolById('chat') ? 'chat' : 'noSuchTool', { inputs: { text: '你好' } }, toolById('chat') ? 400 : 404, toolById('chat') ? MSG.toolNotRunnable : MSG.toolNotFound],
    ];

    it.each(refusals)('%s', async (_name, id, body, status, msg) => {
      const { token, user } = await t.loginAs();
      const r = await run(id, body, token);
      expect(r.status).toBe(status);
      expect(r.envelope).toMatchObject({ code: status, msg });
      expect(await counts(user.id)).toEqual({ used: 0, reserved: 0 });
    });

    it('odd values never reach the engine: objects, arrays, nulls and a body without inputs are refused in Chinese', async () => {
      const { token, user } = await t.loginAs();
      for (const body of [{ inputs: { text: { $gt: '' } } }, { inputs: { text: ['a'] } }, { inputs: [1, 2] }, { inputs: null }, {}, { inputs: { text: '男孩' }, model: 42 }]) {
        const r = await run('aiNaming', body, token);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.envelope?.msg).toMatch(/[\u4e00-\u9fff]/);
      }
      expect(await counts(user.id)).toEqual({ used: 0, reserved: 0 });
    });

    it('asks a visitor to log in', async () => {
      const r = await run('aiNaming', { inputs: { text: '男孩' } });
      expect(r.envelope?.code).toBe(Code.UNAUTHORIZED);
    });
  });
});
