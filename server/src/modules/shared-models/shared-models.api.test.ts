import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, type Envelope, type SharedModelAddResult, type SharedModelCard, type SharedModelCommentPage, type SharedModelLikeResult, type SharedModelPage } from '@wanxiang/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';

/** The shared custom model cards (7.4 chat2 family) through the HTTP API. */
describe.each(testDbKinds())('shared models on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { SHARED_MODEL_REPORT_HIDE: '3' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const api = async <T>(path: string, payload: unknown, token?: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/chat2/${path}`, headers: token ? { token } : {}, payload: payload as object });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  // Public IP literals: the test machine has no DNS, and the SSRF rules accept public unicast.
  const card = (over: Record<string, unknown> = {}) => ({
    name: 'DeepSeek 对话',
    description: '深度求索的通用对话模型',
    api_url: 'https://1.2.3.4/v1/',
    model_id: 'deepseek-chat',
    functions: ['llm', 'tools', 'llm'],
    ...over,
  });
  const publish = async (token: string, over: Record<string, unknown> = {}) => {
    const r = await api<SharedModelCard>('createModel', card(over), token);
    expect(r.body.code, r.body.msg).toBe(200);
    return r.body.data;
  };

  it('publishes a card (never a key), normalised, and shows it in the list and detail', async () => {
    const { token } = await t.loginAs();
    const r = await api<SharedModelCard>('createModel', card(), token);
    expect(r.body).toMatchObject({ code: 200, msg: MSG.sharedModelCreated });
    const c = r.body.data;
    expect(c).toMatchObject({ name: 'DeepSeek 对话', api_url: 'https://1.2.3.4/v1', functions: ['llm', 'tools'], likes: 0, mine: true });
    expect(Object.keys(c)).not.toContain('api_key');
    const detail = await api<SharedModelCard>('getModelById', { mid: c.id });
    expect(detail.body.data).toMatchObject({ id: c.id, mine: false, liked: false });
  });

  it('validates every field with a Chinese message', async () => {
    const { token } = await t.loginAs();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ' }, MSG.sharedModelNameRequired],
      [{ name: 'x'.repeat(65) }, MSG.sharedModelNameTooLong],
      [{ api_url: '' }, MSG.sharedModelApiUrlRequired],
      [{ api_url: 'ftp://1.2.3.4' }, MSG.sharedModelApiUrlInvalid],
      [{ api_url: 'https://user:key@1.2.3.4/v1' }, MSG.sharedModelApiUrlInvalid],
      [{ api_url: 'https://1.2.3.4/v1?key=sk-1' }, MSG.sharedModelApiUrlInvalid],
      [{ model_id: '' }, MSG.sharedModelModelIdRequired],
      [{ functions: [] }, MSG.sharedModelFunctionsRequired],
      [{ functions: ['llm', 'draw'] }, MSG.sharedModelFunctionsRequired],
      [{ description: 'x'.repeat(501) }, MSG.sharedModelDescriptionTooLong],
    ];
    for (const [over, msg] of cases) {
      const r = await api('createModel', card(over), token);
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.msg, JSON.stringify(over)).toBe(msg);
    }
    expect((await api('createModel', card())).body.code).toBe(Code.UNAUTHORIZED);
  });

  it('refuses private, loopback and metadata addresses for api_url', async () => {
    const { token } = await t.loginAs();
    for (const url of ['http://10.0.0.5/v1', 'http://169.254.169.254/latest', 'http://192.168.1.2:8080', 'http://127.0.0.1:11434', 'http://[::1]/v1']) {
      const r = await api('createModel', card({ api_url: url }), token);
      expect(r.body, url).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.sharedModelApiUrlRefused });
    }
  });

  it('lets only the author edit or delete', async () => {
    const owner = await t.loginAs();
    const other = await t.loginAs();
    const c = await publish(owner.token);
    const bad = await api('editModel', { ...card({ name: '偷改' }), mid: c.id }, other.token);
    expect(bad.body).toMatchObject({ code: Code.FORBIDDEN, msg: MSG.sharedModelNotOwner });
    expect((await api('deleteModel', { mid: c.id }, other.token)).body.code).toBe(Code.FORBIDDEN);
    expect((await api('deleteModel', { mid: 99_999_999 }, other.token)).body.code).toBe(Code.NOT_FOUND);
    const edited = await api<SharedModelCard>('editModel', { ...card({ name: '新名字' }), mid: c.id }, owner.token);
    expect(edited.body).toMatchObject({ code: 200, msg: MSG.sharedModelEdited, data: { name: '新名字' } });
    expect((await api('deleteModel', { mid: c.id }, owner.token)).body).toMatchObject({ code: 200, msg: MSG.sharedModelDeleted });
    expect((await api('getModelById', { mid: c.id })).body.code).toBe(Code.NOT_FOUND);
  });

  it('keeps the like counter exact under 20 parallel likes and toggles back', async () => {
    const owner = await t.loginAs();
    const c = await publish(owner.token);
    const fans = await Promise.all(Array.from({ length: 20 }, () => t.loginAs()));
    const results = await Promise.all(fans.map((f) => api<SharedModelLikeResult>('zanModel', { mid: c.id }, f.token)));
    expect(results.every((r) => r.body.code === 200 && r.body.data.liked)).toBe(true);
    expect((await api<SharedModelCard>('getModelById', { mid: c.id })).body.data.likes).toBe(20);
    // The same user clicking twice at once ends liked-or-not with a counter that matches.
    const twice = await Promise.all([0, 1].map(() => api<SharedModelLikeResult>('zanModel', { mid: c.id }, fans[0]!.token)));
    expect(twice.map((r) => r.body.code)).toEqual([200, 200]);
    const after = await api<SharedModelCard>('getModelById', { mid: c.id }, fans[0]!.token);
    expect(after.body.data.likes).toBe(after.body.data.liked ? 20 : 19);
    const unlike = await api<SharedModelLikeResult>('zanModel', { mid: c.id }, fans[1]!.token);
    expect(unlike.body.data.liked).toBe(false);
  });

  it('stores comments as plain text, pages them newest first', async () => {
    const owner = await t.loginAs();
    const c = await publish(owner.token);
    expect((await api('commentModel', { mid: c.id, content: '  ' }, owner.token)).body.msg).toBe(MSG.sharedModelCommentRequired);
    expect((await api('commentModel', { mid: c.id, content: 'x'.repeat(501) }, owner.token)).body.msg).toBe(MSG.sharedModelCommentTooLong);
    expect((await api('commentModel', { mid: c.id, content: '好用\u0007<b>赞</b>' }, owner.token)).body).toMatchObject({ code: 200, msg: MSG.sharedModelCommented });
    await api('commentModel', { mid: c.id, content: '第二条' }, owner.token);
    const page = await api<SharedModelCommentPage>('getModelComments', { mid: c.id, page: 1 });
    expect(page.body.data.total).toBe(2);
    expect(page.body.data.list.map((x) => x.content)).toEqual(['第二条', '好用<b>赞</b>']);
    expect((await api<SharedModelCard>('getModelById', { mid: c.id })).body.data.comments).toBe(2);
  });

  /** A user whose account is `days` old (reports count only from accounts older than the setting's 7 days). */
  const agedUser = async (days = 30) => {
    const u = await t.loginAs();
    await t.ctx.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - days * 86_400_000) })
      .where(eq(users.id, u.user.id));
    return u;
  };
  const status = async (id: number) => (await api('getModelById', { mid: id })).body.code;

  it('counts one report per user and hides the card after 3 distinct reports of older accounts', async () => {
    const owner = await t.loginAs();
    const c = await publish(owner.token, { name: `举报测试${Date.now()}` });
    const r1 = await agedUser();
    expect((await api('reportModel', { mid: c.id, reason: '' }, r1.token)).body.msg).toBe(MSG.sharedModelReportReasonRequired);
    expect((await api('reportModel', { mid: c.id, reason: '广告' }, r1.token)).body).toMatchObject({ code: 200, msg: MSG.sharedModelReported });
    expect((await api('reportModel', { mid: c.id, reason: '广告' }, r1.token)).body.msg).toBe(MSG.sharedModelReportedBefore);
    for (let i = 0; i < 2; i++) await api('reportModel', { mid: c.id, reason: '违规' }, (await agedUser()).token);
    expect(await status(c.id)).toBe(Code.NOT_FOUND);
    const list = await api<SharedModelPage>('getModels', { page: 1, keyword: c.name });
    expect(list.body.data.total).toBe(0);
    // The author still sees it among their own.
    const mine = await api<SharedModelPage>('getModels', { url: 'mine', page: 1, keyword: c.name }, owner.token);
    expect(mine.body.data.list.map((x) => x.id)).toEqual([c.id]);
  });

  it("reports of fresh accounts, and the author's own, do not hide a card", async () => {
    const owner = await agedUser();
    const c = await publish(owner.token, { name: `新号举报${Date.now()}` });
    for (let i = 0; i < 5; i++) {
      const fresh = await agedUser(2);
      expect((await api('reportModel', { mid: c.id, reason: '刷举报' }, fresh.token)).body.code).toBe(200);
    }
    expect((await api('reportModel', { mid: c.id, reason: '自己举报' }, owner.token)).body.code).toBe(200);
    for (let i = 0; i < 2; i++) await api('reportModel', { mid: c.id, reason: '违规' }, (await agedUser()).token);
    expect(await status(c.id)).toBe(Code.OK);
    // The third distinct older account does.
    await api('reportModel', { mid: c.id, reason: '违规' }, (await agedUser()).token);
    expect(await status(c.id)).toBe(Code.NOT_FOUND);
  });

  it('pages, searches name and description (wildcards literal), sorts by likes', async () => {
    const owner = await t.loginAs();
    const tag = `K${Date.now()}`;
    const ids: number[] = [];
    for (let i = 0; i < 14; i++) ids.push((await publish(owner.token, { name: `${tag}-${i}`, description: i === 3 ? '100%_好用' : '普通' })).id);
    const p1 = await api<SharedModelPage>('getModels', { page: 1, keyword: tag });
    const p2 = await api<SharedModelPage>('getModels', { page: 2, keyword: tag });
    expect(p1.body.data).toMatchObject({ total: 14, size: 12, page: 1 });
    expect(p1.body.data.list[0]!.id).toBe(ids[13]);
    expect(p2.body.data.list.map((x) => x.id)).toEqual([ids[1], ids[0]]);
    const pct = await api<SharedModelPage>('getModels', { page: 1, keyword: '100%_' });
    expect(pct.body.data.list.map((x) => x.id)).toEqual([ids[3]]);
    const noMatch = await api<SharedModelPage>('getModels', { page: 1, keyword: `${tag}%` });
    expect(noMatch.body.data.total).toBe(0);
    await api('zanModel', { mid: ids[5] }, owner.token);
    const hot = await api<SharedModelPage>('getModels', { page: 1, keyword: tag, sort: 'hot' });
    expect(hot.body.data.list[0]!.id).toBe(ids[5]);
    expect((await api('getModels', { page: 'x' })).status).toBe(400);
  });

  it('addModel counts an add and answers what the add-provider form needs', async () => {
    const owner = await t.loginAs();
    const c = await publish(owner.token);
    const user = await t.loginAs();
    const r = await api<SharedModelAddResult>('addModel', { mid: c.id }, user.token);
    expect(r.body.data).toEqual({ company: c.name, api_url: c.api_url, model_id: c.model_id, functions: c.functions, adds: 1 });
    expect((await api('addModel', { mid: c.id })).body.code).toBe(Code.UNAUTHORIZED);
    expect((await api('addModel', { mid: 'abc' }, user.token)).status).toBe(400);
  });
});
