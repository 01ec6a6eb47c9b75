import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { Code, MSG, STREAM_ERROR_CODES, type Envelope, type RecordDataRes, type RecordListRes } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, randomIp, type TestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { loadCatalog } from '../../catalog';
import { createLlmGateway } from '../../llm/gateway';
import type { DemoUpstream } from '../../llm/demo-upstream/server';
import { quotaUsage } from '../quota/service';
import { dataOf, namesOf, postChat, textOf } from './testing/sse-client';
import { registerCaptchaToken } from '../captcha/testing';

/**
 * The chat stream through a real listening server, a real HTTP client and the real LLM gateway
 * talking to the demo upstream (an OpenAI-compatible server on loopback) with its fault markers.
 */
const ENV = { DEMO_TOKEN_DELAY_MS: '2', CHAT_HEARTBEAT_MS: '40', UPSTREAM_FIRST_BYTE_TIMEOUT_MS: '1500' };

describe.each(testDbKinds())('chat stream on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let demo: DemoUpstream;

  beforeAll(async () => {
    const catalog = loadCatalog();
    const llm = await createLlmGateway(testConfig(ENV), catalog, pino({ level: 'silent' }));
    demo = llm.demoUpstream!;
    t = await createTestApp(kind, { env: ENV, overrides: { catalog, llm } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Today's counters of a quota key for the user behind a login. */
  const usage = (userId: number, key = 'chat') => quotaUsage(t.ctx, userId, key);
  const api = async <T>(url: string, token: string, payload: unknown = {}) =>
    (await t.app.inject({ method: 'POST', url, headers: { token }, payload: payload as object })).json<Envelope<T>>();

  it('streams meta, then text chunks, then done; charges one count; records the exchange', async () => {
    const { token, user } = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '介绍一下万象', conversationId: 'conv-1' }, token);
    await call.finished;
    expect(call.status).toBe(200);
    expect(call.contentType).toMatch(/^text\/event-stream/);
    expect(call.headers.get('cache-control')).toMatch(/no-cache/);
    expect(call.headers.get('x-accel-buffering')).toBe('no');
    const names = namesOf(call);
    expect(names[0]).toBe('meta');
    expect(names.at(-1)).toBe('done');
    expect(names.filter((n) => n === 'text').length).toBeGreaterThan(3);
    expect(new Set(names.slice(1, -1))).toEqual(new Set(['text']));
    const meta = dataOf(call, 'meta')!;
    expect(meta).toMatchObject({ conversationId: 'conv-1', model: 'deepseek_v3', demo: true });
    expect(dataOf(call, 'done')!.messageId).toBe(meta.messageId);
    expect(await usage(user.id)).toEqual({ used: 1, reserved: 0 });

    const list = await api<RecordListRes>('/api/v1/chat/record/list', token, { page: 1 });
    expect(list.data.list.map((r) => r.id)).toEqual(['conv-1']);
    const rec = await api<RecordDataRes>('/api/v1/chat/record/data', token, { id: 'conv-1' });
    expect(rec.data.title).toBe('介绍一下万象');
    expect(rec.data.messages.map((m) => [m.role, m.state])).toEqual([
      ['user', 'ok'],
      ['assistant', 'ok'],
    ]);
    expect(rec.data.messages[1]!.id).toBe(meta.messageId);
    expect(rec.data.messages[1]!.content).toBe(textOf(call));
    // Another user sees none of it.
    const other = await t.loginAs();
    expect((await api<RecordListRes>('/api/v1/chat/record/list', other.token)).data.total).toBe(0);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/record/data',
      headers: { token: other.token },
      payload: { id: 'conv-1' },
    });
    expect(denied.json()).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.recordNotFound });
  });

  it('sends meta before the first upstream byte and heartbeats while waiting', async () => {
    const { token } = await t.loginAs();
    const started = performance.now();
    const call = await postChat(base, 'deepseek_v3', { prompt: '慢一点 [demo:slow-first-byte=400] [demo:tokens=3]' }, token);
    const meta = await call.waitFor('meta');
    const firstText = await call.waitFor('text');
    await call.finished;
    expect(meta.at - started).toBeLessThan(300);
    expect(firstText.at - started).toBeGreaterThanOrEqual(380);
    const pingsBeforeText = call.comments.filter((c) => c.text === 'ping' && c.at < firstText.at);
    expect(pingsBeforeText.length).toBeGreaterThanOrEqual(3);
    expect(namesOf(call).at(-1)).toBe('done');
  });

  it('forwards each upstream chunk as it arrives, without holding any back', async () => {
    const { token } = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '逐字输出 [demo:delay=80] [demo:tokens=6]' }, token);
    await call.finished;
    const arrivals = call.events.filter((e) => e.event.event === 'text').map((e) => e.at);
    expect(arrivals).toHaveLength(6);
    // Buffered output would arrive in one burst; forwarded chunks keep the upstream's spacing.
    const gaps = arrivals.slice(1).map((at, i) => at - arrivals[i]!);
    const sorted = [...gaps].sort((x, y) => x - y);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeGreaterThan(40);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(250);
  });

  it('streams reasoning before the answer for a deep-thinking model', async () => {
    const { token } = await t.loginAs();
    const call = await postChat(base, 'deepseek-r1', { prompt: '为什么天空是蓝色的？' }, token);
    await call.finished;
    const names = namesOf(call);
    expect(names[0]).toBe('meta');
    const firstText = names.indexOf('text');
    expect(names.indexOf('reasoning')).toBe(1);
    expect(names.lastIndexOf('reasoning')).toBeLessThan(firstText);
    expect(textOf(call, 'reasoning').length).toBeGreaterThan(0);
    expect(dataOf(call, 'done')!.reasoningMs).toEqual(expect.any(Number));
  });

  it('an upstream error status ends with an error event and charges nothing', async () => {
    const { token, user } = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '出错 [demo:error=500]', conversationId: 'c-err' }, token);
    await call.finished;
    expect(namesOf(call)).toEqual(['meta', 'error']);
    expect(dataOf(call, 'error')).toEqual({ code: STREAM_ERROR_CODES.upstreamFailed, msg: MSG.upstreamFailed });
    expect(await usage(user.id)).toEqual({ used: 0, reserved: 0 });
    const rec = await api<RecordDataRes>('/api/v1/chat/record/data', token, { id: 'c-err' });
    expect(rec.data.messages.map((m) => [m.role, m.state])).toEqual([
      ['user', 'ok'],
      ['assistant', 'error'],
    ]);
  });

  it('an upstream cut mid-stream ends with an error event and charges nothing', async () => {
    const { token, user } = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '半路断开 [demo:cut=5]' }, token);
    await call.finished;
    const names = namesOf(call);
    expect(names[0]).toBe('meta');
    expect(names.filter((n) => n === 'text').length).toBeGreaterThan(0);
    expect(names.at(-1)).toBe('error');
    expect(names).not.toContain('done');
    expect(await usage(user.id)).toEqual({ used: 0, reserved: 0 });
  });

  it('a silent upstream times out with the timeout text and charges nothing', async () => {
    const { token, user } = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '不回答 [demo:slow-first-byte=5000]' }, token);
    await call.finished;
    expect(namesOf(call)).toEqual(['meta', 'error']);
    expect(dataOf(call, 'error')).toEqual({ code: STREAM_ERROR_CODES.upstreamTimeout, msg: MSG.upstreamTimeout });
    expect(await usage(user.id)).toEqual({ used: 0, reserved: 0 });
  });

  it('G8: the stop button after text closes the upstream within 500 ms and pays once; the reply keeps what was shown', async () => {
    const { token, user } = await t.loginAs();
    const closed = new Promise<number>((resolve) => {
      const off = demo.onEarlyClose((e) => {
        off();
        resolve(e.at);
      });
    });
    const call = await postChat(base, 'deepseek_v3', { prompt: '一直说下去 [demo:never-end]', conversationId: 'c-stopped' }, token);
    await call.waitFor('text');
    expect(await usage(user.id)).toEqual({ used: 0, reserved: 1 });
    const stoppedAt = performance.now();
    await api('/api/v1/chat/stop', token, { messageId: dataOf(call, 'meta')!.messageId });
    const upstreamClosedAt = await closed;
    expect(upstreamClosedAt - stoppedAt).toBeLessThan(500);
    await expect.poll(() => usage(user.id)).toEqual({ used: 1, reserved: 0 });
    const rec = await api<RecordDataRes>('/api/v1/chat/record/data', token, { id: 'c-stopped' });
    expect(rec.data.messages.map((m) => [m.role, m.state])).toEqual([
      ['user', 'ok'],
      ['assistant', 'ok'],
    ]);
    expect(rec.data.messages[1]!.content.length).toBeGreaterThan(0);
  });

  it('G8: a client that disconnects does not stop the answer (it re-attaches); it ends, is kept and paid once', async () => {
    const { token, user } = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '慢慢想 [demo:slow-first-byte=300][demo:tokens=4]', conversationId: 'c-left' }, token);
    await call.waitFor('meta');
    expect(await usage(user.id)).toEqual({ used: 0, reserved: 1 });
    call.abort();
    await expect.poll(() => usage(user.id), { timeout: 5_000 }).toEqual({ used: 1, reserved: 0 });
    const rec = await api<RecordDataRes>('/api/v1/chat/record/data', token, { id: 'c-left' });
    expect(rec.data.messages.map((m) => [m.role, m.state])).toEqual([
      ['user', 'ok'],
      ['assistant', 'ok'],
    ]);
  });

  it('refuses with the JSON envelope before streaming', async () => {
    const anonymous = await postChat(base, 'deepseek_v3', { prompt: '你好' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.envelope).toMatchObject({ code: Code.UNAUTHORIZED });

    const { token } = await t.loginAs();
    const unknown = await postChat(base, 'no-such-model', { prompt: '你好' }, token);
    expect(unknown.envelope).toEqual({ code: Code.MODEL_OFFLINE, msg: MSG.modelOffline, data: null });
    const empty = await postChat(base, 'deepseek_v3', { prompt: '   ' }, token);
    expect(empty.status).toBe(400);
    expect(empty.envelope).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.askEmpty });
    const tier = await postChat(base, 'v40', { prompt: '你好' }, token);
    expect(tier.envelope).toMatchObject({ code: Code.TIER_DENIED, msg: MSG.tierDeniedFree });

    // An account registered by username has no phone.
    const regIp = randomIp();
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: { user: `nophone_${Date.now() % 1e8}`, pass: 'secret123', captcha_token: await registerCaptchaToken(t.app, regIp) },
      remoteAddress: regIp,
    });
    const noPhone = await postChat(base, 'deepseek_v3', { prompt: '你好' }, reg.json<Envelope<{ token: string }>>().data.token);
    expect(noPhone.envelope).toMatchObject({ code: Code.NEED_PHONE, msg: MSG.needPhone });
  });

  it('answers NO_COUNT once the daily count is used up', async () => {
    const { token, user } = await t.loginAs(); // vip 0: 2 premium replies a day
    for (let i = 0; i < 2; i++) {
      const ok = await postChat(base, 'chat4', { prompt: '短答 [demo:tokens=2]' }, token);
      await ok.finished;
      expect(namesOf(ok).at(-1)).toBe('done');
    }
    const refused = await postChat(base, 'chat4', { prompt: '还能问吗' }, token);
    expect(refused.status).toBe(200);
    expect(refused.envelope).toEqual({ code: Code.NO_COUNT, msg: MSG.countExhausted, data: null });
    expect(await usage(user.id, 'chat_v40')).toEqual({ used: 2, reserved: 0 });
  });

  it('models without history are metered but leave no history rows', async () => {
    const { token, user } = await t.loginAs();
    const call = await postChat(base, 'deepseek-v3', { prompt: '不留记录 [demo:tokens=3]', conversationId: 'no-trace' }, token);
    await call.finished;
    expect(namesOf(call).at(-1)).toBe('done');
    expect(await usage(user.id)).toEqual({ used: 1, reserved: 0 });
    expect((await api<RecordListRes>('/api/v1/chat/record/list', token)).data.total).toBe(0);
    expect((await api<unknown>('/api/v1/chat/record/data', token, { id: 'no-trace' })).code).toBe(Code.NOT_FOUND);
  });

  // Last: the shutdown signal cannot be un-aborted.
  it('server shutdown ends open streams with an error event and releases their count', async () => {
    const { token, user } = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '说个不停 [demo:never-end]' }, token);
    await call.waitFor('text');
    t.ctx.shutdown.abort();
    await call.finished;
    expect(namesOf(call).at(-1)).toBe('error');
    expect(dataOf(call, 'error')).toEqual({ code: STREAM_ERROR_CODES.shuttingDown, msg: MSG.serverShuttingDown });
    await expect.poll(() => usage(user.id)).toEqual({ used: 0, reserved: 0 });
  });
});
