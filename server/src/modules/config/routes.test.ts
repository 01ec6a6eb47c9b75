import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Envelope, ModelEntry, ModelGroupsRes, ModelWebRes } from '@wanxiang/contract';
import { Code, MSG } from '@wanxiang/contract';
import { testConfig } from '../../config';
import { createLlmGateway } from '../../llm/gateway';
import { loadCatalog } from '../../catalog';
import { startFakeVendor, type FakeVendor } from '../../llm/testing/fake-vendor';
import { createTestApp, type TestApp } from '../../../test/app';

// The config routes read no table: PGlite alone is enough.
describe('config routes (demo: no vendor key)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /api/v1/config/model/web answers every model online, the groups and demo: true', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/config/model/web' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<Envelope<ModelWebRes>>();
    expect(body.code).toBe(Code.OK);
    expect(body.data.demo).toBe(true);
    expect(body.data.list).toHaveLength(t.ctx.catalog.models().length);
    expect(body.data.list.every((m) => m.online)).toBe(true);
    expect(body.data.groups.map((g) => g.label)).toContain('DeepSeek');
    const v35 = body.data.list.find((m) => m.key === 'v35')!;
    expect(v35).toMatchObject({ key: 'v35', checkKey: 'chat', keepHistory: true, icon: expect.stringMatching(/^\/model-icons\//) });
    // Server-only fields never reach browsers.
    expect(res.body).not.toContain('upstreamModel');
    expect(res.body).not.toContain('quotaKey');
    expect(res.body).not.toContain('blockedVips');
    expect(res.body).not.toContain('systemPrompt');
  });

  it('uses the invite labels when invite_code is given', async () => {
    const plain = (await t.app.inject({ method: 'GET', url: '/api/v1/config/model/web' })).json<Envelope<ModelWebRes>>();
    const invited = (await t.app.inject({ method: 'GET', url: '/api/v1/config/model/web?invite_code=ABC123' })).json<
      Envelope<ModelWebRes>
    >();
    const label = (r: Envelope<ModelWebRes>, k: string) => r.data.list.find((m) => m.key === k)!.label;
    expect(label(plain, 'v40')).toBe(t.ctx.catalog.get('v40')!.label);
    expect(label(invited, 'v40')).toBe(t.ctx.catalog.get('v40')!.inviteLabel);
    expect(label(invited, 'deepseek_v3')).toBe(label(plain, 'deepseek_v3'));
  });

  it('answers the same bytes each time (cached at boot)', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/v1/config/model/web' });
    const b = await t.app.inject({ method: 'GET', url: '/api/v1/config/model/web' });
    expect(a.body).toBe(b.body);
  });

  it('GET /api/v2/config/model/groups answers the groups', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/config/model/groups?invite_code=x' });
    const body = res.json<Envelope<ModelGroupsRes>>();
    expect(body.code).toBe(Code.OK);
    expect(body.data.groups).toEqual(t.ctx.catalog.groups());
  });

  it('answers one model by key, and refuses an unknown key with 该模型尚未上线', async () => {
    const got = (await t.app.inject({ method: 'GET', url: '/api/v2/config/model/details?key=deepseek-r1' })).json<Envelope<ModelEntry>>();
    expect(got.data).toMatchObject({ key: 'deepseek-r1', reasoning: true, online: true });
    const posted = (
      await t.app.inject({ method: 'POST', url: '/api/v2/config/model/details', payload: { key: 'v40', invite_code: 'x' } })
    ).json<Envelope<ModelEntry>>();
    expect(posted.data.label).toBe(t.ctx.catalog.get('v40')!.inviteLabel);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v2/config/model/details?key=nope' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ code: Code.MODEL_OFFLINE, msg: MSG.modelOffline });
    const missing = await t.app.inject({ method: 'GET', url: '/api/v2/config/model/details' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 400, msg: MSG.modelKeyRequired });
  });

  it('answers every model menu group of docs/product/chat.md §2, each listing only models the web list has', async () => {
    // prettier-ignore
    const specGroups = [
      '推荐', 'DeepSeek', 'Chat4.0', '智谱', '代码', 'Kimi', '豆包', '文心', '通义', 'Llama', '图表模型', '数据分析', '联网模型',
      '多模型对抗', '综合常规', '极速模式', '图片理解', '文档理解', '语音理解', '视频理解', '网页理解',
    ];
    const body = (await t.app.inject({ method: 'GET', url: '/api/v1/config/model/web' })).json<Envelope<ModelWebRes>>();
    expect(body.data.groups.map((g) => g.label)).toEqual(specGroups);
    const keys = new Set(body.data.list.map((m) => m.key));
    for (const g of body.data.groups) {
      expect(g.models.length, g.label).toBeGreaterThan(0);
      for (const k of g.models) expect(keys.has(k), `${g.label}: ${k}`).toBe(true);
    }
    // The chart model sits in 图表模型 and the battle key in 多模型对抗 (their screens open from there).
    expect(body.data.groups.find((g) => g.label === '图表模型')?.models).toContain('echarts');
    expect(body.data.groups.find((g) => g.label === '多模型对抗')?.models).toContain('AllModelAttack');
    // Tags the menus show are data: high-tier models carry 高阶模型, members-only ones are not free.
    const v40 = body.data.list.find((m) => m.key === 'v40')!;
    expect(v40).toMatchObject({ high: true, vipTag: '高阶模型', isFree: false });
  });

  it('answers 400 with a Chinese message for a malformed invite_code', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/config/model/web?invite_code=${'x'.repeat(200)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json<Envelope<null>>().msg).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('config routes (one vendor configured)', () => {
  let t: TestApp;
  let fake: FakeVendor;
  beforeAll(async () => {
    fake = await startFakeVendor();
    const env = { DEEPSEEK_API_KEY: 'sk-test-123456', DEEPSEEK_BASE_URL: fake.baseUrl };
    const llm = await createLlmGateway(testConfig(env), loadCatalog(), pino({ level: 'silent' }));
    t = await createTestApp('pglite', { env, overrides: { llm } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('marks models of vendors without a key offline, and demo false', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/v1/config/model/web' })).json<Envelope<ModelWebRes>>();
    expect(body.data.demo).toBe(false);
    const online = (k: string) => body.data.list.find((m) => m.key === k)!.online;
    expect(online('deepseek_v3')).toBe(true);
    expect(online('deepseek-r1')).toBe(true);
    expect(online('glm_4_plus')).toBe(false);
    expect(online('chat_4o')).toBe(false);
    expect(online('qwen_max')).toBe(false);
  });
});
