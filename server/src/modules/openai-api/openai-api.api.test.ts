import { eq, sql } from 'drizzle-orm';
import OpenAI from 'openai';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEYS_MSG, Code, MSG, type ApiKeyCreateRes, type ApiKeyListRes, type Envelope } from '@wanxiang/contract';
import { listeningDemoApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { apiKeys, users } from '../../db/schema';
import { forgetUserSessions } from '../auth/service';
import { quotaUsage } from '../quota/service';
import type { RunningTaskEngine } from '../../jobs';
import { startTasks } from '../tasks/lifecycle';
import { applyPoints } from '../points/ledger';
import { rows } from '../../db/sql';

/**
 * The OpenAI-compatible API through a real listening server, the official `openai` SDK as the client, and the real LLM
 * gateway talking to the demo upstream. Keys are made through the members' /api/v1/user/apikey calls.
 */
const RPM = 40;
const ENV = { DEMO_TOKEN_DELAY_MS: '1', TASK_POLL_MAX_MS: '100', STREAM_STARTS_PER_MINUTE: '1000', OPENAI_API_KEY_RPM: String(RPM) };

describe.each(testDbKinds())('OpenAI-compatible API on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let engine: RunningTaskEngine;

  beforeAll(async () => {
    ({ t, base } = await listeningDemoApp(kind, ENV));
    // The task workers, for /v1/images/generations (the 文生图 task).
    engine = await startTasks(t.ctx, pino({ level: 'silent' }), { workers: true });
  });
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  const api = async <T>(url: string, token: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/user/apikey/${url}`, headers: { token }, payload });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  /** A member (vip 1: 30 premium replies a day, plain chat unlimited) and a fresh key of theirs. */
  const member = async (vip = 1) => {
    const { token, user } = await t.loginAs();
    await t.ctx.database.db.update(users).set({ vip, vipPermanent: true }).where(eq(users.id, user.id));
    forgetUserSessions(t.ctx, user.id);
    const created = await api<ApiKeyCreateRes>('create', token, { name: '我的脚本' });
    expect(created.body.code).toBe(200);
    return { token, user, key: created.body.data.key, keyId: created.body.data.id };
  };
  const client = (apiKey: string) => new OpenAI({ apiKey, baseURL: `${base}/v1`, maxRetries: 0 });
  const errorOf = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      if (err instanceof OpenAI.APIError) return err;
      throw err;
    }
    throw new Error('expected an API error');
  };

  it('creates a key once (stored hashed), lists it with a hint, renames and revokes it; members only', async () => {
    const { token, user, key, keyId } = await member();
    expect(key).toMatch(/^wx-[\w-]{40}$/);
    const [row] = await t.ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key.slice(3));
    const list = await api<ApiKeyListRes>('list', token);
    expect(list.body.data.list).toEqual([
      { id: keyId, name: '我的脚本', hint: `${key.slice(0, 7)}…${key.slice(-4)}`, createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(key);
    expect((await api('rename', token, { id: keyId, name: '新名字' })).body).toMatchObject({ code: 200, msg: API_KEYS_MSG.apiKeyRenamed });
    expect((await api<ApiKeyListRes>('list', token)).body.data.list[0]!.name).toBe('新名字');
    // Bad input: a Chinese sentence and 400.
    expect((await api('create', token, { name: '  ' })).body).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: API_KEYS_MSG.apiKeyNameRequired,
    });
    expect((await api('rename', token, { id: 'x', name: 'a' })).body).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: API_KEYS_MSG.apiKeyIdInvalid,
    });
    // A free account may not create keys; a visitor gets 401.
    const free = await t.loginAs();
    expect((await api('create', free.token, { name: 'k' })).body).toMatchObject({
      code: Code.FORBIDDEN,
      msg: API_KEYS_MSG.apiKeyMembersOnly,
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/user/apikey/list' })).statusCode).toBe(401);
    expect((await api('revoke', token, { id: keyId })).body).toMatchObject({ code: 200, msg: API_KEYS_MSG.apiKeyRevoked });
    expect((await api<ApiKeyListRes>('list', token)).body.data.list).toEqual([]);
    expect((await api('revoke', token, { id: keyId })).body).toMatchObject({ code: Code.NOT_FOUND, msg: API_KEYS_MSG.apiKeyNotFound });
    expect(user.id).toBeGreaterThan(0);
  });

  it("another user's key id can be neither renamed nor revoked", async () => {
    const owner = await member();
    const other = await member();
    expect((await api('rename', other.token, { id: owner.keyId, name: '抢来的' })).body).toMatchObject({
      code: Code.NOT_FOUND,
      msg: API_KEYS_MSG.apiKeyNotFound,
    });
    expect((await api('revoke', other.token, { id: owner.keyId })).body).toMatchObject({ code: Code.NOT_FOUND });
    const list = await api<ApiKeyListRes>('list', owner.token);
    expect(list.body.data.list.map((k) => k.name)).toEqual(['我的脚本']);
    expect((await client(owner.key).models.list()).data.length).toBeGreaterThan(0);
  });

  it('GET /v1/models lists the catalog models the member may use', async () => {
    const { key } = await member();
    const models = (await client(key).models.list()).data;
    const ids = models.map((m) => m.id);
    expect(ids).toContain('deepseek_v3');
    expect(ids).toContain('chat4');
    expect(models[0]).toMatchObject({ object: 'model', owned_by: 'wanxiang' });
    const expected = t.ctx.catalog.models().filter((m) => m.online && t.ctx.llm.available(m) && !m.blockedVips.includes(1));
    expect(ids).toEqual(expected.map((m) => m.key));
  });

  it('SDK stream: role chunk, text chunks, finish_reason stop, usage last; one count spent, last used recorded', async () => {
    const { token, user, key } = await member();
    const stream = await client(key).chat.completions.create({
      model: 'chat4',
      messages: [
        { role: 'system', content: '你是助手' },
        { role: 'user', content: '介绍一下万象 [demo:tokens=6]' },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = [];
    for await (const c of stream) chunks.push(c);
    expect(chunks[0]!.choices[0]!.delta.role).toBe('assistant');
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text.length).toBeGreaterThan(0);
    expect(chunks.filter((c) => c.choices[0]?.delta.content).length).toBeGreaterThan(2);
    expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe('stop');
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage!.completion_tokens).toBeGreaterThan(0);
    expect(last.usage!.total_tokens).toBe(last.usage!.prompt_tokens + last.usage!.completion_tokens);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(chunks[0]!.model).toBe('chat4');
    expect(await quotaUsage(t.ctx, user.id, 'chat_v40')).toEqual({ used: 1, reserved: 0 });
    await expect.poll(async () => (await api<ApiKeyListRes>('list', token)).body.data.list[0]!.lastUsedAt).not.toBeNull();
  });

  it('SDK non-stream: one chat.completion with the whole text and usage; one count spent', async () => {
    const { user, key } = await member();
    const done = await client(key).chat.completions.create({
      model: 'chat4',
      messages: [{ role: 'user', content: '你好 [demo:tokens=4]' }],
    });
    expect(done.object).toBe('chat.completion');
    expect(done.choices[0]!.message.role).toBe('assistant');
    expect(done.choices[0]!.message.content!.length).toBeGreaterThan(0);
    expect(done.choices[0]!.finish_reason).toBe('stop');
    expect(done.usage!.total_tokens).toBeGreaterThan(0);
    expect(await quotaUsage(t.ctx, user.id, 'chat_v40')).toEqual({ used: 1, reserved: 0 });
  });

  it('passes tools through to the upstream and answers the tool call (stream and not)', async () => {
    const { key } = await member();
    const tools = [
      {
        type: 'function' as const,
        function: { name: 'get_weather', description: '查天气', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
      },
    ];
    const messages = [{ role: 'user' as const, content: '用 get_weather 工具查北京天气' }];
    const whole = await client(key).chat.completions.create({ model: 'deepseek_v3', messages, tools });
    expect(whole.choices[0]!.finish_reason).toBe('tool_calls');
    const call = whole.choices[0]!.message.tool_calls![0]!;
    expect(call.type === 'function' && call.function.name).toBe('get_weather');
    const stream = await client(key).chat.completions.create({ model: 'deepseek_v3', messages, tools, stream: true });
    const chunks = [];
    for await (const c of stream) chunks.push(c);
    expect(chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []).map((c) => c.function?.name)).toEqual(['get_weather']);
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('tool_calls');
  });

  it('401 for a missing, unknown or revoked key; 400 for a bad body; 404 for an unknown model or path', async () => {
    const { token, key, keyId } = await member();
    const bad = await errorOf(client(`wx-${'a'.repeat(40)}`).models.list());
    expect(bad.status).toBe(401);
    expect(bad.error).toMatchObject({ message: API_KEYS_MSG.openaiKeyInvalid, type: 'invalid_request_error', code: 'invalid_api_key' });
    const none = await fetch(`${base}/v1/models`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { message: API_KEYS_MSG.openaiKeyMissing, code: 'invalid_api_key' } });
    // A web session token is not an API key.
    expect((await errorOf(client(token).models.list())).status).toBe(401);

    const body = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'chat4', messages: [] }),
    });
    expect(body.status).toBe(400);
    expect(await body.json()).toEqual({
      error: { message: API_KEYS_MSG.openaiMessagesRequired, type: 'invalid_request_error', param: null, code: 'invalid_request' },
    });
    const unparsable = await fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{',
    });
    expect(unparsable.status).toBe(400);
    expect((await unparsable.json()).error.type).toBe('invalid_request_error');
    const model = await errorOf(
      client(key).chat.completions.create({ model: 'no-such-model', messages: [{ role: 'user', content: 'hi' }] }),
    );
    expect(model.status).toBe(404);
    expect(model.error).toMatchObject({ message: API_KEYS_MSG.openaiModelNotFound('no-such-model'), code: 'model_not_found' });
    // Unknown /v1 paths answer OpenAI's error shape, never the web app's page.
    const lost = await fetch(`${base}/v1/embeddings`, { method: 'GET', headers: { authorization: `Bearer ${key}`, accept: 'text/html' } });
    expect(lost.status).toBe(404);
    expect(lost.headers.get('content-type')).toMatch(/json/);

    await api('revoke', token, { id: keyId });
    const revoked = await errorOf(client(key).chat.completions.create({ model: 'chat4', messages: [{ role: 'user', content: 'hi' }] }));
    expect(revoked.status).toBe(401);
    expect(revoked.error).toMatchObject({ message: API_KEYS_MSG.openaiKeyInvalid });
  });

  it('429 with the Chinese message once the daily count is used up; the refused call spends nothing', async () => {
    const { user, key } = await member();
    const limit = t.ctx.catalog.dailyLimit('chat_v40', 1);
    const sdk = client(key);
    for (let i = 0; i < limit; i++)
      await sdk.chat.completions.create({ model: 'chat4', messages: [{ role: 'user', content: `第 ${i} 问 [demo:tokens=1]` }] });
    expect(await quotaUsage(t.ctx, user.id, 'chat_v40')).toEqual({ used: limit, reserved: 0 });
    const refused = await errorOf(
      sdk.chat.completions.create({ model: 'chat4', messages: [{ role: 'user', content: '还能问吗' }], stream: true }),
    );
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({ message: MSG.countExhausted, type: 'insufficient_quota', code: 'insufficient_quota' });
    expect(await quotaUsage(t.ctx, user.id, 'chat_v40')).toEqual({ used: limit, reserved: 0 });
  });

  it('pay rule: an upstream failure before any text is free; the web chat and the API share one daily count', async () => {
    const { token, user, key } = await member();
    const failed = await errorOf(
      client(key).chat.completions.create({ model: 'chat4', messages: [{ role: 'user', content: '出错 [demo:error=500]' }] }),
    );
    expect(failed.status).toBe(502);
    expect(await quotaUsage(t.ctx, user.id, 'chat_v40')).toEqual({ used: 0, reserved: 0 });
    await client(key).chat.completions.create({ model: 'chat4', messages: [{ role: 'user', content: '一问 [demo:tokens=2]' }] });
    const web = await fetch(`${base}/api/v1/chat2/chat4`, {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: '网页 [demo:tokens=2]' }),
    });
    await web.text();
    expect(await quotaUsage(t.ctx, user.id, 'chat_v40')).toEqual({ used: 2, reserved: 0 });
  });

  it('a points-priced model spends points like the web chat: paid answers only, 429 once they run short', async () => {
    const { user, key } = await member();
    const model = t.ctx.catalog.get('claude-4-opus')!;
    expect(model.only_points).toBe(true);
    const price = model.consume_points;
    await applyPoints(t.ctx.database.db, { userId: user.id, delta: 2 * price + 5, reason: 'test' });
    const points = async () =>
      Number((await rows<{ points: number }>(t.ctx.database.db, sql`SELECT points FROM users WHERE id = ${user.id}::bigint`))[0]!.points);
    const before = await points();
    const sdk = client(key);
    await sdk.chat.completions.create({ model: 'claude-4-opus', messages: [{ role: 'user', content: '一问 [demo:tokens=2]' }] });
    expect(await points()).toBe(before - price);
    expect(
      (
        await errorOf(
          sdk.chat.completions.create({ model: 'claude-4-opus', messages: [{ role: 'user', content: '出错 [demo:error=500]' }] }),
        )
      ).status,
    ).toBe(502);
    expect(await points()).toBe(before - price);
    const stream = await sdk.chat.completions.create({
      model: 'claude-4-opus',
      messages: [{ role: 'user', content: '二问 [demo:tokens=2]' }],
      stream: true,
    });
    for await (const c of stream) void c;
    expect(await points()).toBe(before - 2 * price);
    const short = await errorOf(sdk.chat.completions.create({ model: 'claude-4-opus', messages: [{ role: 'user', content: '三问' }] }));
    expect(short.status).toBe(429);
    expect(short.error).toMatchObject({ message: MSG.pointsNotEnough(price), type: 'insufficient_quota' });
    expect(await points()).toBe(before - 2 * price);
  });

  it('pay rule: a stream the client leaves after text is paid once; the upstream is closed', async () => {
    const { user, key } = await member();
    const stream = await client(key).chat.completions.create({
      model: 'chat4',
      messages: [{ role: 'user', content: '说个不停 [demo:never-end]' }],
      stream: true,
    });
    for await (const c of stream) {
      if (c.choices[0]?.delta.content) break; // leaving the loop aborts the request
    }
    await expect.poll(() => quotaUsage(t.ctx, user.id, 'chat_v40')).toEqual({ used: 1, reserved: 0 });
    await expect.poll(() => t.ctx.streams.size).toBe(0);
  });

  it("403 once the membership has ended; a banned account's key is refused as unknown", async () => {
    const lapsed = await member();
    await t.ctx.database.db
      .update(users)
      .set({ vip: 1, vipPermanent: false, vipExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, lapsed.user.id));
    const ended = await errorOf(client(lapsed.key).models.list());
    expect(ended.status).toBe(403);
    expect(ended.error).toMatchObject({ message: API_KEYS_MSG.openaiMembersOnly, code: 'membership_required' });
    const banned = await member();
    await t.ctx.database.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, banned.user.id));
    expect((await errorOf(client(banned.key).models.list())).status).toBe(401);
  });

  it('POST /v1/images/generations runs the 文生图 tool and answers b64_json pictures; one draw count; a bad body is 400', async () => {
    const { user, key } = await member();
    const sdk = client(key);
    const made = await sdk.images.generate({ prompt: '黄昏的海边，一只橘猫', n: 2, size: '1536x1024' });
    expect(made.data).toHaveLength(2);
    for (const image of made.data!) {
      const png = Buffer.from(image.b64_json!, 'base64');
      expect(png.subarray(1, 4).toString()).toBe('PNG');
    }
    expect(await quotaUsage(t.ctx, user.id, 'draw')).toEqual({ used: 1, reserved: 0 });
    const bad = await errorOf(sdk.images.generate({ prompt: '  ' }));
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ message: API_KEYS_MSG.openaiImagePromptRequired });
    expect(await quotaUsage(t.ctx, user.id, 'draw')).toEqual({ used: 1, reserved: 0 });
  });

  it('per-key rate limit: past OPENAI_API_KEY_RPM requests a minute, 429 with Retry-After; another key of the user is not slowed', async () => {
    const { token, key } = await member();
    for (let i = 0; i < RPM; i++) {
      const ok = await fetch(`${base}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
      expect(ok.status).toBe(200);
    }
    const over = await fetch(`${base}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await over.json()).toMatchObject({ error: { message: API_KEYS_MSG.openaiRateLimited(RPM), code: 'rate_limit_exceeded' } });
    const second = await api<ApiKeyCreateRes>('create', token, { name: '第二个' });
    expect((await fetch(`${base}/v1/models`, { headers: { authorization: `Bearer ${second.body.data.key}` } })).status).toBe(200);
  });
});
