import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, MSG, type CustomModelEntry, type Envelope, type ModelSlotsRes, type ProviderDetailRes, type ProviderListRes, type ServiceModelView } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { startFakeSources, type FakeSourcesServer } from '../../../test/fake-sources/server';
import { FAKE_PROVIDER_KEY, FAKE_PROVIDER_PREFIX } from '../../../test/fake-sources/providers';
import { serviceProviders } from '../../db/schema';

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

function sseEvents(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      return event && data ? { event, data: JSON.parse(data) as Record<string, unknown> } : null;
    })
    .filter((e): e is SseEvent => e !== null);
}

/** A second origin that records what reaches it (the key must never be among it). */
async function startRecorder(): Promise<{ server: Server; port: number; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end('data: {"choices":[{"delta":{"content":"来自另一个主机"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

describe.each(testDbKinds())('custom providers and models on %s', (kind) => {
  let t: TestApp;
  let fakes: FakeSourcesServer;
  let providerUrl: string;

  beforeAll(async () => {
    fakes = await startFakeSources();
    providerUrl = `${fakes.baseUrl}${FAKE_PROVIDER_PREFIX}/v1`;
    t = await createTestApp(kind, {
      env: { SSRF_ALLOW: '127.0.0.1', CUSTOM_MODEL_MAX_FREE: '2', PROVIDER_KEY_SECRET: 'test-secret-0123456789abcdef' },
    });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const post = async <T>(token: string | undefined, path: string, payload: unknown) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/user/models/${path}`, headers: token ? { token } : {}, payload: payload as object });
    return { status: res.statusCode, raw: res.body, body: res.json<Envelope<T>>() };
  };
  const get = async <T>(token: string | undefined, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: token ? { token } : {} });
    return { status: res.statusCode, raw: res.body, body: res.json<Envelope<T>>() };
  };
  const chat = async (token: string, payload: unknown) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/chat2/completionsModel', headers: { token }, payload: payload as object });
    return { status: res.statusCode, raw: res.body, type: String(res.headers['content-type']), events: sseEvents(res.body) };
  };
  const provider = (over: Record<string, unknown> = {}) => ({ company: 'DeepSeek', api_url: providerUrl, api_key: FAKE_PROVIDER_KEY, status: 1, ...over });
  const model = (over: Record<string, unknown> = {}) => ({ company: 'DeepSeek', model_id: 'deepseek-chat', namespace: '我的DeepSeek', functions: ['llm'], status: 1, ...over });

  it('refuses guests on every route', async () => {
    for (const path of ['add.company', 'info', 'editor.company', 'add.model', 'editor.model', 'delete.model']) {
      expect((await post(undefined, path, {})).status).toBe(401);
    }
    for (const url of ['/api/v1/user/models/company.list', '/api/v1/user/models/model.list', '/api/v1/chat2/getModelMax']) {
      expect((await get(undefined, url)).status).toBe(401);
    }
  });

  it('answers the validation messages of docs/product/custom-models.md §5', async () => {
    const { token } = await t.loginAs();
    expect((await post(token, 'add.company', provider({ company: ' ' }))).body.msg).toBe(MSG.providersCompanyRequired);
    expect((await post(token, 'add.company', provider({ api_url: '' }))).body.msg).toBe(MSG.providersApiUrlRequired);
    expect((await post(token, 'add.company', provider({ api_key: undefined }))).body.msg).toBe(MSG.providersApiKeyRequired);
    expect((await post(token, 'add.company', provider({ api_url: 'ftp://x' }))).body.msg).toBe(MSG.providersApiUrlInvalid);
    expect((await post(token, 'add.model', model({ model_id: '' }))).body.msg).toBe(MSG.providersModelIdRequired);
    expect((await post(token, 'add.model', model({ namespace: '' }))).body.msg).toBe(MSG.providersNamespaceRequired);
    expect((await post(token, 'add.model', model({ functions: [] }))).body.msg).toBe(MSG.providersFunctionsRequired);
    expect((await post(token, 'add.model', model({ functions: ['draw'] }))).body.msg).toBe(MSG.providersFunctionsRequired);
    const noProvider = await post(token, 'add.model', model());
    expect(noProvider.body.code).not.toBe(200);
    expect(noProvider.body.msg).toBe(MSG.providersSaveProviderFirst);
  });

  it('saves a provider with a sealed key, shows only a hint, edits and keeps the key when left empty', async () => {
    const { token } = await t.loginAs();
    const added = await post<{ id: number; key_hint: string }>(token, 'add.company', provider());
    expect(added.body).toMatchObject({ code: 200, msg: MSG.providersAddOk });
    expect(added.body.data.key_hint).toBe('sk-****abcd');
    expect(added.raw).not.toContain(FAKE_PROVIDER_KEY);
    expect((await post(token, 'add.company', provider())).body.msg).toBe(MSG.providersCompanyExists);

    const [row] = await t.ctx.database.db.select().from(serviceProviders).where(eq(serviceProviders.id, added.body.data.id));
    expect(row!.apiKeyEnc).not.toContain(FAKE_PROVIDER_KEY);
    expect(row!.apiKeyEnc.startsWith('v1:')).toBe(true);

    const list = await get<ProviderListRes>(token, '/api/v1/user/models/company.list');
    expect(list.body.data.list).toEqual([expect.objectContaining({ company: 'DeepSeek', key_hint: 'sk-****abcd', status: 1 })]);
    expect(list.body.data.presets.map((p) => p.company)).toEqual(expect.arrayContaining(['DeepSeek', '智谱 GLM', 'OpenAI', 'Ollama']));
    expect(list.raw).not.toContain(FAKE_PROVIDER_KEY);

    const saved = await post(token, 'editor.company', provider({ api_key: '', api_url: `${providerUrl}/chat/completions/`, status: 0 }));
    expect(saved.body).toMatchObject({ code: 200, msg: MSG.providersSaveOk, data: { api_url: providerUrl, status: 0, key_hint: 'sk-****abcd' } });
    const [after] = await t.ctx.database.db.select().from(serviceProviders).where(eq(serviceProviders.id, added.body.data.id));
    expect(after!.apiKeyEnc).toBe(row!.apiKeyEnc);

    // editor.company without a saved record creates it (4.6: save edits if a record exists, else creates).
    const created = await post(token, 'editor.company', provider({ company: 'Kimi', api_key: 'sk-kimi-abcdefghijklmn' }));
    expect(created.body).toMatchObject({ code: 200, data: { company: 'Kimi', key_hint: 'sk-****klmn' } });

    const detail = await post<ProviderDetailRes>(token, 'info', { company: 'Nobody' });
    expect(detail.body.data).toEqual({ provider: null, models: [] });
  });

  it('adds, edits, lists and deletes models, within the slot limit, each user only their own', async () => {
    const { token } = await t.loginAs();
    const other = await t.loginAs();
    await post(token, 'add.company', provider());
    const first = await post<ServiceModelView>(token, 'add.model', model({ functions: ['llm', 'tools', 'llm'], consume_points: 0 }));
    expect(first.body).toMatchObject({ code: 200, msg: MSG.providersModelAddOk, data: { model_id: 'deepseek-chat', functions: ['llm', 'tools'], status: 1 } });
    await post(token, 'add.model', model({ model_id: 'deepseek-reasoner', namespace: '推理', status: 0 }));
    expect((await get<ModelSlotsRes>(token, '/api/v1/chat2/getModelMax')).body.data).toEqual({ used: 2, max: 2 });
    const full = await post(token, 'add.model', model({ model_id: 'x' }));
    expect(full.body).toMatchObject({ code: Code.FAILED, msg: MSG.providersSlotsFull(2) });

    const detail = await post<ProviderDetailRes>(token, 'info', { company: 'DeepSeek' });
    expect(detail.body.data.models.map((m) => m.model_id)).toEqual(['deepseek-chat', 'deepseek-reasoner']);

    const entries = await get<CustomModelEntry[]>(token, '/api/v1/user/models/model.list');
    expect(entries.body.data).toEqual([
      expect.objectContaining({ key: `custom-${first.body.data.id}`, label: '我的DeepSeek', resloveType: 'customer', isFree: true, icon: '/model-icons/deepseek.svg' }),
    ]);
    expect(entries.raw).not.toContain(FAKE_PROVIDER_KEY);
    expect(entries.raw).not.toContain('api_key');

    const id = first.body.data.id;
    const edit = { id, model_id: 'deepseek-chat', namespace: '改名', functions: ['llm'], status: 1 };
    expect((await post(other.token, 'editor.model', edit)).body).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.providersModelEditFailed });
    expect((await post(token, 'editor.model', edit)).body).toMatchObject({ code: 200, msg: MSG.providersModelEditOk, data: { namespace: '改名' } });
    expect((await post(other.token, 'delete.model', { id })).body).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.providersDeleteFailed });
    expect((await post<ProviderDetailRes>(other.token, 'info', { company: 'DeepSeek' })).body.data.provider).toBeNull();
    expect((await get<CustomModelEntry[]>(other.token, '/api/v1/user/models/model.list')).body.data).toEqual([]);
    expect((await post(token, 'delete.model', { id })).body).toMatchObject({ code: 200, msg: MSG.providersDeleteOk });
    expect((await post(token, 'delete.model', { id })).body.msg).toBe(MSG.providersDeleteFailed);
  });

  it('streams a chat through the user provider, with the key sent only there', async () => {
    const { token } = await t.loginAs();
    const other = await t.loginAs();
    await post(token, 'add.company', provider());
    const m = await post<ServiceModelView>(token, 'add.model', model());
    const res = await chat(token, { model_id: `custom-${m.body.data.id}`, prompt: '你好', conversationId: 'conv-custom-1' });
    expect(res.type).toContain('text/event-stream');
    expect(res.events.map((e) => e.event)).toEqual(['meta', 'text', 'text', 'text', 'text', 'done']);
    expect(res.events[0]!.data).toMatchObject({ model: `custom-${m.body.data.id}`, conversationId: 'conv-custom-1' });
    expect(res.events.filter((e) => e.event === 'text').map((e) => e.data.text).join('')).toBe('你好！我是通过你自己的服务商接入的模型，有什么可以帮你？');
    expect(res.events.at(-1)!.data).toMatchObject({ usage: { promptTokens: 12, completionTokens: 21, totalTokens: 33 } });
    expect(res.raw).not.toContain(FAKE_PROVIDER_KEY);

    // The numeric id works too; another user's model is not theirs to use.
    expect((await chat(token, { model_id: m.body.data.id, prompt: '再来' })).events.at(-1)!.event).toBe('done');
    const refused = await chat(other.token, { model_id: m.body.data.id, prompt: '你好' });
    expect(JSON.parse(refused.raw)).toMatchObject({ code: Code.MODEL_OFFLINE, msg: MSG.providersModelUnavailable });
    expect(JSON.parse((await chat(token, { model_id: 'gpt-4', prompt: 'x' })).raw).code).toBe(Code.BAD_REQUEST);
    expect(JSON.parse((await chat(token, { model_id: m.body.data.id, prompt: ' ' })).raw).msg).toBe(MSG.askEmpty);
  });

  it('gives an error event when the provider refuses the key', async () => {
    const { token } = await t.loginAs();
    await post(token, 'add.company', provider({ api_key: 'sk-wrong-key-0000000000abcd' }));
    const m = await post<ServiceModelView>(token, 'add.model', model());
    const res = await chat(token, { model_id: m.body.data.id, prompt: '你好' });
    expect(res.events.map((e) => e.event)).toEqual(['meta', 'error']);
    expect(res.events[1]!.data).toMatchObject({ msg: MSG.upstreamFailed });
    expect(res.raw).not.toContain('sk-wrong-key');
  });

  it('never lets the key follow a redirect to another host', async () => {
    const recorder = await startRecorder();
    try {
      const { token } = await t.loginAs();
      const redirecting = `${fakes.baseUrl}${FAKE_PROVIDER_PREFIX}/redirect/${recorder.port}/v1`;
      await post(token, 'add.company', provider({ api_url: redirecting }));
      const m = await post<ServiceModelView>(token, 'add.model', model());
      await chat(token, { model_id: m.body.data.id, prompt: '你好' });
      expect(recorder.seen.length).toBe(1);
      expect(recorder.seen[0]!.authorization).toBeUndefined();
      expect(JSON.stringify(recorder.seen)).not.toContain(FAKE_PROVIDER_KEY);
    } finally {
      recorder.server.close();
    }
  });
});

describe.each(testDbKinds())('custom provider addresses on %s (no SSRF_ALLOW)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { PROVIDER_KEY_SECRET: 'test-secret-0123456789abcdef' } });
  }, 180_000);
  afterAll(async () => t?.close());

  const refusedUrls = [
    'http://127.0.0.1:11434/v1',
    'http://localhost/v1',
    'http://2130706433/v1',
    'http://0x7f000001/v1',
    'http://0177.0.0.1/v1',
    'http://[::1]/v1',
    'http://10.0.0.8/v1',
    'http://192.168.1.10/v1',
    'http://169.254.169.254/v1',
    'http://[::ffff:169.254.169.254]/v1',
  ];

  it.each(refusedUrls)('refuses saving %s', async (api_url) => {
    const { token } = await t.loginAs();
    for (const path of ['add.company', 'editor.company']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/user/models/${path}`,
        headers: { token },
        payload: { company: 'Local', api_url, api_key: 'sk-local-0123456789abcd', status: 1 },
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json<Envelope<unknown>>()).toMatchObject({ code: Code.BAD_REQUEST, msg: expect.stringMatching(new RegExp(`${MSG.urlRefused}|${MSG.linkInvalid}`)) });
    }
  });

  it('refuses calling a stored private address (checked again at call time)', async () => {
    const { token, user } = await t.loginAs();
    const { KeyBox, loadKeySecret } = await import('./key-box');
    const box = new KeyBox(await loadKeySecret(t.ctx.config));
    const [row] = await t.ctx.database.db
      .insert(serviceProviders)
      .values({ userId: user.id, company: 'Meta', apiUrl: 'http://169.254.169.254/v1', apiKeyEnc: box.seal('sk-meta-0123456789abcd'), keyHint: 'sk-****abcd' })
      .returning();
    const { serviceModels } = await import('../../db/schema');
    const [m] = await t.ctx.database.db
      .insert(serviceModels)
      .values({ userId: user.id, companyId: row!.id, modelId: 'x', namespace: 'x', functions: ['llm'] })
      .returning();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/chat2/completionsModel', headers: { token }, payload: { model_id: m!.id, prompt: '你好' } });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json<Envelope<unknown>>()).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.urlRefused });
  });
});
