import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { Code, MSG, TRANSLATE_TEXT_MAX, type Envelope, type TaskInfo, type ToolRunsRes, type TranslateTextRes } from '@wanxiang/contract';
import { listeningDemoApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { saveFile } from '../files/service';
import { quotaUsage } from '../quota/service';
import { namesOf, postStream, textOf } from '../../../test/sse-client';

/**
 * POST /api/v1/translate/text through the demo upstream: the translation answered as JSON (the
 * 通用翻译 tool's run: pair, glossary, demo answer), one translate_text count held and charged
 * once, given back on a demo fault; Chinese 400s with nothing held; the run in 翻译记录 (the
 * listing calls' ?group=translate, tasks included).
 */
const ENV = { DEMO_TOKEN_DELAY_MS: '0', CHAT_HEARTBEAT_MS: '1000' };

describe.each(testDbKinds())('POST /api/v1/translate/text on %s', (kind) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    ({ t, base } = await listeningDemoApp(kind, ENV));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const translate = (payload: unknown, token?: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/translate/text', headers: token ? { token } : {}, payload: payload as object });
  const counts = (userId: number) => quotaUsage(t.ctx, userId, 'translate_text');
  const runs = async (token: string, query: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/tools/runs${query}`, headers: { token } })).json<Envelope<ToolRunsRes>>();

  it('translates with the glossary, charges one count once and keeps the run in the translate group', async () => {
    const { token, user } = await t.loginAs();
    const res = await translate({ text: '万象 AI 是一站式智能创作平台。', from: 'auto', to: 'en', glossary: '万象=Wanxiang' }, token);
    expect(res.statusCode).toBe(200);
    const data = res.json<Envelope<TranslateTextRes>>().data;
    expect(data).toMatchObject({ from: '中文', to: '英语', detected: true, demo: true, model: 'deepseek-v3' });
    // The demo answer is marked and puts the glossary's term in.
    expect(data.translation).toContain('（演示）中文 → 英语');
    expect(data.translation).toContain('Wanxiang AI 是一站式智能创作平台');
    expect(await counts(user.id)).toEqual({ used: 1, reserved: 0 });

    const grouped = await runs(token, '?group=translate');
    expect(grouped.data.total).toBe(1);
    expect(grouped.data.list[0]).toMatchObject({ id: data.runId, toolId: 'translateCommon', content: data.translation });
    expect(grouped.data.list[0]!.inputs).toMatchObject({
      text: '万象 AI 是一站式智能创作平台。',
      from: '自动检测',
      to: '英语',
      glossary: '万象=Wanxiang',
    });
    expect((await runs(token, '?group=chart')).data.total).toBe(0);
    expect((await runs(token, '')).data.total).toBe(1);
  });

  it('takes language names or codes, an object glossary, and turns an automatic pair around when the text is already in the target', async () => {
    const { token } = await t.loginAs();
    const coded = (
      await translate({ text: 'Good morning, Wanxiang team.', from: 'en', to: 'zh', glossary: { Wanxiang: '万象' } }, token)
    ).json<Envelope<TranslateTextRes>>().data;
    expect(coded).toMatchObject({ from: '英语', to: '中文', detected: false });
    expect(coded.translation).toContain('万象 team');
    const turned = (await translate({ text: 'The weather is nice today.', to: '英语' }, token)).json<Envelope<TranslateTextRes>>().data;
    expect(turned).toMatchObject({ from: '英语', to: '中文', detected: true });
  });

  it('a demo fault: no translation, the count given back, nothing saved', async () => {
    const { token, user } = await t.loginAs();
    const res = await translate({ text: '你好 [demo:error=500]', to: 'en' }, token);
    expect(res.json<Envelope<null>>()).toMatchObject({ code: Code.FAILED, msg: MSG.translateFailed });
    expect(await counts(user.id)).toEqual({ used: 0, reserved: 0 });
    expect((await runs(token, '?group=translate')).data.total).toBe(0);
  });

  const refusals: [string, unknown, string][] = [
    ['empty text', { text: '', to: 'en' }, MSG.translateTextRequired],
    ['blank text', { text: ' \n ', to: 'en' }, MSG.translateTextRequired],
    ['over-long text', { text: '长'.repeat(TRANSLATE_TEXT_MAX + 1), to: 'en' }, MSG.translateTextTooLong(TRANSLATE_TEXT_MAX)],
    ['text not a string', { text: 42, to: 'en' }, MSG.translateTextRequired],
    ['no target', { text: '你好' }, MSG.translateBadLanguage('目标语言')],
    ['unknown target', { text: '你好', to: 'klingon' }, MSG.translateBadLanguage('目标语言')],
    ['automatic target', { text: '你好', to: 'auto' }, MSG.translateBadLanguage('目标语言')],
    ['unknown source', { text: '你好', from: 'xx', to: 'en' }, MSG.translateBadLanguage('源语言')],
    ['the same language twice', { text: '你好', from: 'zh', to: '中文' }, MSG.translateSameLanguage],
    ['a glossary line without =', { text: '你好', to: 'en', glossary: '万象=Wanxiang\n平台' }, MSG.translateGlossaryBadLine(2)],
  ];

  it.each(refusals)('%s: a Chinese 400, nothing held', async (_name, payload, msg) => {
    const { token, user } = await t.loginAs();
    const res = await translate(payload, token);
    expect(res.statusCode).toBe(400);
    expect(res.json<Envelope<null>>()).toMatchObject({ code: 400, msg });
    expect(await counts(user.id)).toEqual({ used: 0, reserved: 0 });
  });

  it('the tools stream through the tool run API with the same pair and glossary rules (通用翻译, 文言文翻译), refusals before any stream', async () => {
    const { token, user } = await t.loginAs();
    const run = (id: string, inputs: unknown) => postStream(base, `/api/v1/tools/${id}/run`, { inputs }, token);
    const common = await run('translateCommon', { text: '欢迎使用万象', to: '日语', glossary: '万象=ワンシャン' });
    await common.finished;
    expect(namesOf(common).at(-1)).toBe('done');
    expect(textOf(common)).toContain('（演示）中文 → 日语');
    expect(textOf(common)).toContain('欢迎使用ワンシャン');
    const classical = await run('translateClassical', { text: '学而时习之，不亦说乎？有朋自远方来，不亦乐乎？' });
    await classical.finished;
    expect(textOf(classical)).toContain('| 学而时习之，不亦说乎？ |');
    expect(await counts(user.id)).toEqual({ used: 2, reserved: 0 });
    expect((await runs(token, '?group=translate')).data.list.map((r) => r.toolId)).toEqual(['translateClassical', 'translateCommon']);

    const same = await run('translateCommon', { text: 'hello', from: '英语', to: '英语' });
    expect(same.envelope).toMatchObject({ code: 400, msg: MSG.translateSameLanguage });
    const badGlossary = await run('translateArticle', { text: 'Hello', glossary: 'Hello' });
    expect(badGlossary.envelope).toMatchObject({ code: 400, msg: MSG.translateGlossaryBadLine(1) });
    expect(await counts(user.id)).toEqual({ used: 2, reserved: 0 });
  });

  it('asks a visitor to log in', async () => {
    const res = await translate({ text: '你好', to: 'en' });
    expect(res.json<Envelope<null>>().code).toBe(Code.UNAUTHORIZED);
  });

  it("lists a group of tasks (图片翻译) with ?group=, only the caller's; refuses an unknown group or neither tool nor group", async () => {
    const { token, user } = await t.loginAs();
    const other = await t.loginAs();
    const png = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const image = (await saveFile(t.ctx, { userId: user.id, name: 'menu.png', contentType: 'image/png', body: png, purpose: 'upload' })).id;
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tools/translateImage/run',
      headers: { token },
      payload: { inputs: { image, to: '英语' } },
    });
    expect(submit.statusCode).toBe(200);
    const { task_id } = submit.json<Envelope<{ task_id: string }>>().data;
    expect(await counts(user.id)).toEqual({ used: 0, reserved: 1 });

    const list = async (tok: string, query: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/tasks${query}`, headers: { token: tok } });
    const mine = (await list(token, '?group=translate')).json<Envelope<{ list: TaskInfo[]; total: number }>>().data;
    expect(mine.list.map((x) => x.task_id)).toEqual([task_id]);
    expect(mine.list[0]).toMatchObject({ tool: 'translateImage', inputs: { image, to: '英语' } });
    expect((await list(other.token, '?group=translate')).json<Envelope<{ total: number }>>().data.total).toBe(0);
    expect((await list(token, '?group=draw')).json<Envelope<{ total: number }>>().data.total).toBe(0);
    expect((await list(token, '?tool=translateImage')).json<Envelope<{ total: number }>>().data.total).toBe(1);

    for (const [query, msg] of [
      ['?group=nothing', MSG.toolGroupUnknown],
      ['', MSG.taskListNeedsTool],
    ] as const) {
      const res = await list(token, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<Envelope<null>>().msg).toBe(msg);
    }
    const badRuns = await t.app.inject({ method: 'GET', url: '/api/v1/tools/runs?group=nothing', headers: { token } });
    expect(badRuns.json<Envelope<null>>()).toMatchObject({ code: 400, msg: MSG.toolGroupUnknown });

    // Delete (翻译记录): a live task is refused, another user's is absent; canceled (refunded), it goes.
    const del = (tok: string) => t.app.inject({ method: 'POST', url: `/api/v1/tasks/${task_id}/delete`, headers: { token: tok } });
    expect((await del(token)).json<Envelope<null>>()).toMatchObject({ code: 400, msg: MSG.taskDeleteLive });
    expect((await del(other.token)).json<Envelope<null>>()).toMatchObject({ code: 404, msg: MSG.taskNotFound });
    await t.app.inject({ method: 'POST', url: `/api/v1/tasks/${task_id}/cancel`, headers: { token } });
    expect(await counts(user.id)).toEqual({ used: 0, reserved: 0 });
    expect((await del(token)).json<Envelope<null>>()).toMatchObject({ code: 200, msg: MSG.taskDeleted });
    expect((await list(token, '?group=translate')).json<Envelope<{ total: number }>>().data.total).toBe(0);
    expect((await del(token)).json<Envelope<null>>()).toMatchObject({ code: 404 });
    // The input upload is the user's own file: it stays.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/files/${image}`, headers: { token } })).statusCode).toBe(200);
  });
});
