import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createParser } from 'eventsource-parser';
import { Code, DOC_AGENT_ID, MSG, WEBSITES_AGENT_ID, type AgentItem, type AgentPaged, type AgentRecordDetail, type AgentRecordItem, type Envelope, type StreamEvent } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { multipartBody } from '../../../test/multipart';
import type { LlmGateway, LlmStreamRequest } from '../../llm/gateway';
import { sql } from 'drizzle-orm';
import { applyPoints } from '../points/ledger';
import { rows } from '../../db/sql';
import { quotaUsage } from '../quota/service';
import { agentToolNames, registerAgentTool } from './tools';

/**
 * A fake LLM gateway recording each request. The question picks the behaviour: '[fail]' throws
 * after one chunk, '[hang]' sends one chunk then waits until the request is aborted, '[silent]'
 * waits for the abort without a chunk, anything else answers two chunks.
 */
function fakeGateway(): LlmGateway & { requests: LlmStreamRequest[] } {
  const requests: LlmStreamRequest[] = [];
  return {
    demo: true,
    requests,
    available: () => true,
    async *stream(req) {
      requests.push(req);
      const q = req.messages.at(-1)!.content;
      if (q.includes('[silent]')) {
        await new Promise<void>((resolve) => req.signal.addEventListener('abort', () => resolve(), { once: true }));
        throw new Error('aborted');
      }
      if (q.includes('[hang]')) {
        yield { type: 'text', text: '稍等' };
        await new Promise<void>((resolve) => req.signal.addEventListener('abort', () => resolve(), { once: true }));
        throw new Error('aborted');
      }
      yield { type: 'text', text: '你好，' };
      if (q.includes('[fail]')) throw new Error('upstream broke');
      yield { type: 'text', text: '这是回答。' };
    },
    async close() {},
  };
}

interface StreamCall {
  status: number;
  envelope?: Envelope<unknown>;
  events: StreamEvent[];
  finished: Promise<void>;
  abort(): void;
  waitFor(name: StreamEvent['event']): Promise<void>;
}

/** POST /api/v1/agent/chat through a real socket, reading the SSE events as they come. */
async function postAgentChat(base: string, body: unknown, token: string): Promise<StreamCall> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/v1/agent/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const waiters: { name: string; resolve: () => void }[] = [];
  const call: StreamCall = {
    status: res.status,
    events,
    finished: Promise.resolve(),
    abort: () => controller.abort(),
    waitFor: (name) => (events.some((e) => e.event === name) ? Promise.resolve() : new Promise((resolve) => waiters.push({ name, resolve }))),
  };
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    call.envelope = (await res.json()) as Envelope<unknown>;
    return call;
  }
  const parser = createParser({
    onEvent(msg) {
      events.push({ event: msg.event, data: JSON.parse(msg.data) } as StreamEvent);
      for (const w of waiters.filter((x) => x.name === msg.event)) w.resolve();
    },
  });
  call.finished = (async () => {
    const decoder = new TextDecoder();
    try {
      const reader = res.body!.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) parser.feed(decoder.decode(r.value, { stream: true }));
    } catch (err) {
      if (!controller.signal.aborted) throw err;
    }
  })();
  return call;
}

const names = (c: StreamCall) => c.events.map((e) => e.event);
const dataOf = <K extends StreamEvent['event']>(c: StreamCall, name: K) =>
  c.events.find((e) => e.event === name)?.data as Extract<StreamEvent, { event: K }>['data'] | undefined;
const until = async (check: () => Promise<boolean>, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const VALID_AGENT = {
  name: '周报助手',
  description: '帮你把零散的工作记录整理成周报',
  icon: '📝',
  classify: 'office',
  prompt: '你是周报助手，把用户给的工作记录整理成本周完成、问题与风险、下周计划三部分。',
  model: 'glm_4_air',
  suggestions: ['帮我写本周周报', '周报应该包含什么？'],
  isPublic: true,
};

describe.each(testDbKinds())('agents on %s', (kind) => {
  let t: TestApp;
  let base: string;
  const llm = fakeGateway();

  beforeAll(async () => {
    t = await createTestApp(kind, { overrides: { llm } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await t?.close();
  });
  let unregister = () => {};
  afterEach(() => {
    unregister();
  });

  const pointsOf = async (userId: number) =>
    Number((await rows<{ points: number }>(t.ctx.database.db, sql`SELECT points FROM users WHERE id = ${userId}::bigint`))[0]!.points);
  const post = async <T>(url: string, payload: unknown, token?: string) =>
    (await t.app.inject({ method: 'POST', url, headers: token ? { token } : {}, payload: payload as object })).json<Envelope<T>>();
  const get = async <T>(url: string, token?: string) => (await t.app.inject({ method: 'GET', url, headers: token ? { token } : {} })).json<Envelope<T>>();

  it('lists the system agents of the menu, their suggestions and info; hidden ones only by id', async () => {
    const list = await get<AgentItem[]>('/api/v1/agent/list');
    expect(list.code).toBe(200);
    const labels = list.data.map((a) => a.name);
    for (const n of ['智能体首页', '数据分析', 'PPT轻松做', 'AI搜索3.0', '流程图生成', '思维导图', '提示词优化', 'arXiv论文解读', '编程搜索', '网文创作', '英语语法']) {
      expect(labels).toContain(n);
    }
    expect(list.data.map((a) => a.id)).not.toContain(DOC_AGENT_ID);
    expect(list.data.every((a) => a.prompt === undefined)).toBe(true);
    const search = list.data.find((a) => a.name === 'AI搜索3.0')!;
    expect(search.tools).toEqual(['web_browser']);

    const suggest = await post<string[]>('/api/v1/agent/suggest', { assistant_id: search.id });
    expect(suggest.data.length).toBeGreaterThanOrEqual(3);
    const doc = await post<AgentItem>('/api/v1/agent/info', { assistant_id: DOC_AGENT_ID });
    expect(doc.data).toMatchObject({ id: DOC_AGENT_ID, kind: 'system', name: '文档解读' });
    const sites = await post<AgentItem>('/api/v1/agent/info', { assistant_id: WEBSITES_AGENT_ID });
    expect(sites.data.tools).toEqual(['web_browser']);
    expect(await post('/api/v1/agent/info', { assistant_id: 'ffffffffffffffffffffffff' })).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.agentsNotFound });
    expect(await post('/api/v1/agent/info', {})).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.agentsIdRequired });
  });

  it('creates user agents with Chinese validation; only the author sees a private one and its prompt', async () => {
    const me = await t.loginAs();
    const other = await t.loginAs();
    expect(await post('/api/v2/chat/agent/add', VALID_AGENT)).toMatchObject({ code: Code.UNAUTHORIZED });
    expect(await post('/api/v2/chat/agent/add', { ...VALID_AGENT, name: ' ' }, me.token)).toMatchObject({ code: 400, msg: MSG.agentsNameRequired });
    expect(await post('/api/v2/chat/agent/add', { ...VALID_AGENT, prompt: undefined }, me.token)).toMatchObject({ code: 400, msg: MSG.agentsPromptRequired });
    expect(await post('/api/v2/chat/agent/add', { ...VALID_AGENT, model: 'no-such-model' }, me.token)).toMatchObject({ code: 400, msg: MSG.agentsModelUnknown });
    expect(await post('/api/v2/chat/agent/add', { ...VALID_AGENT, classify: 'x' }, me.token)).toMatchObject({ code: 400, msg: MSG.agentsClassifyUnknown });
    expect(await post('/api/v2/chat/agent/add', { ...VALID_AGENT, tools: ['nope'] }, me.token)).toMatchObject({ code: 400, msg: MSG.agentsToolUnknown });
    expect(await post('/api/v2/chat/agent/add', { ...VALID_AGENT, suggestions: ['1', '2', '3', '4', '5'] }, me.token)).toMatchObject({
      code: 400,
      msg: MSG.agentsTooManySuggestions,
    });

    const pub = await post<AgentItem>('/api/v2/chat/agent/add', VALID_AGENT, me.token);
    expect(pub).toMatchObject({ code: 200, msg: MSG.agentsAdded, data: { kind: 'user', mine: true, name: '周报助手', prompt: VALID_AGENT.prompt } });
    expect(pub.data.id).toMatch(/^[0-9a-f]{24}$/);
    const priv = await post<AgentItem>('/api/v2/chat/agent/add', { ...VALID_AGENT, name: '私人助手', isPublic: false }, me.token);

    const mine = await get<AgentPaged<AgentItem>>('/api/v2/chat/agent/my_create?page=1&rows=10', me.token);
    expect(mine.data.list.map((a) => a.name)).toEqual(['私人助手', '周报助手']);
    expect((await get<AgentPaged<AgentItem>>('/api/v2/chat/agent/my_create', other.token)).data.total).toBe(0);

    const seenByOther = await post<AgentItem>('/api/v2/chat/agent/info', { sn: pub.data.id }, other.token);
    expect(seenByOther.data).toMatchObject({ name: '周报助手', mine: false });
    expect(seenByOther.data.prompt).toBeUndefined();
    expect(await post('/api/v2/chat/agent/info', { sn: priv.data.id }, other.token)).toMatchObject({ code: Code.NOT_FOUND });
    expect((await post<AgentItem>('/api/v2/chat/agent/info', { sn: priv.data.id }, me.token)).data.prompt).toBe(VALID_AGENT.prompt);

    const publics = await get<AgentPaged<AgentItem>>(`/api/v2/chat/agent/publics?keyword=${encodeURIComponent('周报')}`);
    expect(publics.data.list.map((a) => a.id)).toContain(pub.data.id);
    expect(publics.data.list.map((a) => a.id)).not.toContain(priv.data.id);

    expect(await post('/api/v2/chat/agent/delete', { sn: pub.data.id }, other.token)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await post('/api/v2/chat/agent/delete', { sn: priv.data.id }, me.token)).toMatchObject({ code: 200, msg: MSG.agentsDeleted });
    expect((await get<AgentPaged<AgentItem>>('/api/v2/chat/agent/my_create', me.token)).data.total).toBe(1);

    const classify = await get<{ key: string; label: string }[]>('/api/v2/chat/agent/classify');
    expect(classify.data.map((c) => c.key)).toContain('office');
  });

  it('toggles collections of visible agents only', async () => {
    const me = await t.loginAs();
    const other = await t.loginAs();
    const theirs = await post<AgentItem>('/api/v2/chat/agent/add', { ...VALID_AGENT, name: '翻译助手' }, other.token);
    const hidden = await post<AgentItem>('/api/v2/chat/agent/add', { ...VALID_AGENT, name: '秘密', isPublic: false }, other.token);
    const list = (await get<AgentItem[]>('/api/v1/agent/list')).data;
    expect(await post('/api/v2/chat/agent/collect', { sn: theirs.data.id }, me.token)).toMatchObject({ code: 200, msg: MSG.agentsCollected, data: { collected: true } });
    expect(await post('/api/v2/chat/agent/collect', { sn: list[1]!.id }, me.token)).toMatchObject({ data: { collected: true } });
    expect(await post('/api/v2/chat/agent/collect', { sn: hidden.data.id }, me.token)).toMatchObject({ code: Code.NOT_FOUND });
    let collected = await get<AgentItem[]>('/api/v2/chat/agent/collect_list', me.token);
    expect(collected.data.map((a) => a.id).sort()).toEqual([theirs.data.id, list[1]!.id].sort());
    expect(collected.data.every((a) => a.collected)).toBe(true);
    expect(await post('/api/v2/chat/agent/collect', { sn: theirs.data.id }, me.token)).toMatchObject({ msg: MSG.agentsUncollected, data: { collected: false } });
    collected = await get<AgentItem[]>('/api/v2/chat/agent/collect_list', me.token);
    expect(collected.data.map((a) => a.id)).toEqual([list[1]!.id]);
    expect((await get<AgentItem[]>('/api/v2/chat/agent/collect_list', other.token)).data).toEqual([]);
  });

  it('streams an agent chat: meta, text, done; the agent prompt leads; one count charged; the record saved', async () => {
    const { token, user } = await t.loginAs();
    const agent = (await get<AgentItem[]>('/api/v1/agent/list')).data.find((a) => a.name === '英语语法')!;
    const before = llm.requests.length;
    const call = await postAgentChat(base, { messages: [{ role: 'user', content: 'He go to school.' }], assistant_id: agent.id, conversation_id: null, file_id: [], chat_type: 'pc' }, token);
    await call.finished;
    expect(names(call)).toEqual(['meta', 'text', 'text', 'done']);
    const meta = dataOf(call, 'meta')!;
    expect(meta.conversationId).toMatch(/^[\w-]{8,}$/);
    expect(meta.model).toBe('glm_4_flash');
    const req = llm.requests[before]!;
    expect(req.model.key).toBe('glm_4_flash');
    expect(req.messages[0]).toMatchObject({ role: 'system' });
    expect(req.messages[0]!.content).toContain('英语语法老师');
    expect(await quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 1, reserved: 0 });

    // The same conversation continues in the same record.
    const again = await postAgentChat(
      base,
      { messages: [{ role: 'user', content: 'He go to school.' }, { role: 'assistant', content: '你好，这是回答。' }, { role: 'user', content: '再举一个例子' }], assistant_id: agent.id, conversation_id: meta.conversationId },
      token,
    );
    await again.finished;
    expect(dataOf(again, 'meta')!.conversationId).toBe(meta.conversationId);
    const records = await get<AgentPaged<AgentRecordItem>>(`/api/v2/chat/agent/records_lists?assistant_id=${agent.id}`, token);
    expect(records.data.total).toBe(1);
    const detail = await post<AgentRecordDetail>('/api/v2/chat/agent/records_details', { id: records.data.list[0]!.id }, token);
    expect(detail.data.title).toBe('He go to school.');
    expect(detail.data.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'He go to school.'],
      ['assistant', '你好，这是回答。'],
      ['user', '再举一个例子'],
      ['assistant', '你好，这是回答。'],
    ]);
    expect(await quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 2, reserved: 0 });

    // Records are the owner's alone.
    const other = await t.loginAs();
    expect(await post('/api/v2/chat/agent/records_details', { id: records.data.list[0]!.id }, other.token)).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.agentsRecordNotFound });
    expect(await post('/api/v2/chat/agent/delete_records', { id: records.data.list[0]!.id }, other.token)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await post('/api/v2/chat/agent/delete_records', { id: records.data.list[0]!.id }, token)).toMatchObject({ code: 200 });
    expect((await get<AgentPaged<AgentRecordItem>>('/api/v2/chat/agent/records_lists', token)).data.total).toBe(0);
  });

  it('runs the agent tools before the model: tool_call then tool_result, findings given as context; a missing tool is skipped', async () => {
    const { token } = await t.loginAs();
    const queries: string[] = [];
    unregister = registerAgentTool('test_lookup', async (_ctx, input) => {
      queries.push(input.query);
      return { outputs: [{ title: '示例网站', url: 'https://example.com' }], content: '1. 示例网站 https://example.com' };
    });
    // A user agent naming the test tool (tools must be registered when the agent is created).
    const made = await post<AgentItem>('/api/v2/chat/agent/add', { ...VALID_AGENT, tools: ['test_lookup'] }, token);
    expect(made).toMatchObject({ code: 200 });
    expect(made.data.tools).toEqual(['test_lookup']);
    expect(made.data.suggestions).toEqual(VALID_AGENT.suggestions);
    const before = llm.requests.length;
    const call = await postAgentChat(base, { messages: [{ role: 'user', content: '找个网站' }], assistant_id: made.data.id }, token);
    await call.finished;
    expect(names(call)).toEqual(['meta', 'tool_call', 'tool_result', 'text', 'text', 'done']);
    const tc = dataOf(call, 'tool_call')!;
    expect(tc).toMatchObject({ name: 'test_lookup', arguments: JSON.stringify({ query: '找个网站' }) });
    expect(dataOf(call, 'tool_result')).toEqual({ id: tc.id, name: 'test_lookup', ok: true, content: '1. 示例网站 https://example.com', type: 'test_lookup', outputs: [{ title: '示例网站', url: 'https://example.com' }] });
    expect(queries).toEqual(['找个网站']);
    const sys = llm.requests[before]!.messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n');
    expect(sys).toContain(MSG.agentsToolContext);
    expect(sys).toContain('https://example.com');

    // The tool gone (not registered): the agent still answers, without tool events.
    unregister();
    const plain = await postAgentChat(base, { messages: [{ role: 'user', content: '再找一个' }], assistant_id: made.data.id }, token);
    await plain.finished;
    expect(names(plain)).toEqual(['meta', 'text', 'text', 'done']);
  });

  it('holds the agent quota key: released when the upstream fails or nothing was shown, paid once when the reader leaves after text', async () => {
    const { token, user } = await t.loginAs();
    const ppt = (await get<AgentItem[]>('/api/v1/agent/list')).data.find((a) => a.name === 'PPT轻松做')!;
    const failed = await postAgentChat(base, { messages: [{ role: 'user', content: '做个 PPT [fail]' }], assistant_id: ppt.id }, token);
    await failed.finished;
    expect(names(failed).at(-1)).toBe('error');
    expect(await quotaUsage(t.ctx, user.id, 'doc_ppt')).toEqual({ used: 0, reserved: 0 });

    // The reader leaves before any text: nothing is paid, nothing recorded.
    const silent = await postAgentChat(base, { messages: [{ role: 'user', content: '想一想 [silent]' }], assistant_id: ppt.id }, token);
    await silent.waitFor('meta');
    expect(await quotaUsage(t.ctx, user.id, 'doc_ppt')).toEqual({ used: 0, reserved: 1 });
    silent.abort();
    await until(async () => (await quotaUsage(t.ctx, user.id, 'doc_ppt')).reserved === 0);
    expect(await quotaUsage(t.ctx, user.id, 'doc_ppt')).toEqual({ used: 0, reserved: 0 });
    expect((await get<AgentPaged<AgentRecordItem>>('/api/v2/chat/agent/records_lists', token)).data.total).toBe(0);

    // The reader leaves after text (QUALITY G8): the answer is paid once and recorded as far as it went.
    const hanging = await postAgentChat(base, { messages: [{ role: 'user', content: '慢慢做 [hang]' }], assistant_id: ppt.id }, token);
    await hanging.waitFor('text');
    hanging.abort();
    await until(async () => (await quotaUsage(t.ctx, user.id, 'doc_ppt')).reserved === 0);
    expect(await quotaUsage(t.ctx, user.id, 'doc_ppt')).toEqual({ used: 1, reserved: 0 });
    await until(async () => (await get<AgentPaged<AgentRecordItem>>('/api/v2/chat/agent/records_lists', token)).data.total === 1);

    const done = await postAgentChat(base, { messages: [{ role: 'user', content: '做个 PPT' }], assistant_id: ppt.id }, token);
    await done.finished;
    expect(await quotaUsage(t.ctx, user.id, 'doc_ppt')).toEqual({ used: 2, reserved: 0 });
    expect(await quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 0, reserved: 0 });
  });

  it("passes exactly the gate of a direct chat with the agent's model: tier block, quota key, points price", async () => {
    const free = await t.loginAs();
    // A user agent on v40 (free users blocked) and one on claude-4-opus (points only), made public.
    const v40 = await post<AgentItem>('/api/v2/chat/agent/add', { ...VALID_AGENT, model: 'v40' }, free.token);
    const opus = await post<AgentItem>('/api/v2/chat/agent/add', { ...VALID_AGENT, model: 'claude-4-opus' }, free.token);
    expect(v40.code).toBe(200);
    expect(opus.code).toBe(200);
    const ask = (id: string, token: string, extra: Record<string, unknown> = {}) =>
      postAgentChat(base, { messages: [{ role: 'user', content: '你好' }], assistant_id: id, ...extra }, token);

    expect((await ask(v40.data.id, free.token)).envelope).toMatchObject({ code: Code.TIER_DENIED, msg: MSG.tierDeniedFree });
    const price = t.ctx.catalog.get('claude-4-opus')!.consume_points;
    expect((await ask(opus.data.id, free.token)).envelope).toMatchObject({ code: Code.NO_POINTS, msg: MSG.pointsNotEnough(price) });
    expect(await quotaUsage(t.ctx, free.user.id, 'chat')).toEqual({ used: 0, reserved: 0 });

    // Another user (the agents are public) pays the model's price in points, not a plain chat count.
    const other = await t.loginAs();
    await applyPoints(t.ctx.database.db, { userId: other.user.id, delta: price, reason: 'test' });
    const paid = await ask(opus.data.id, other.token);
    await paid.finished;
    expect(names(paid).at(-1)).toBe('done');
    expect(await pointsOf(other.user.id)).toBe(0);
    expect(await quotaUsage(t.ctx, other.user.id, 'chat')).toEqual({ used: 0, reserved: 0 });

    // A member on v40 spends the model's own count (chat_v40), not chat.
    await t.ctx.database.db.execute(sql`UPDATE users SET vip = 1 WHERE id = ${other.user.id}::bigint`);
    const member = await t.loginAs(other.user.phone!);
    const premium = await ask(v40.data.id, member.token);
    await premium.finished;
    expect(names(premium).at(-1)).toBe('done');
    expect(await quotaUsage(t.ctx, other.user.id, 'chat_v40')).toEqual({ used: 1, reserved: 0 });
    expect(await quotaUsage(t.ctx, other.user.id, 'chat')).toEqual({ used: 0, reserved: 0 });
  });

  it('refuses to save an agent on a model an agent cannot use, or with a tool name that is not a tool', async () => {
    const { token } = await t.loginAs();
    for (const model of ['AllModelAttack', 'index', 'image', 'doc', 'no-such-model']) {
      expect(await post('/api/v2/chat/agent/add', { ...VALID_AGENT, model }, token), model).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.agentsModelUnknown });
    }
    for (const tool of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(await post('/api/v2/chat/agent/add', { ...VALID_AGENT, tools: [tool] }, token), tool).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.agentsToolUnknown });
    }
  });

  it('refuses a chat without login, with bad bodies or for an unknown agent, as JSON envelopes', async () => {
    const { token } = await t.loginAs();
    expect((await postAgentChat(base, { messages: [{ role: 'user', content: 'hi' }], assistant_id: DOC_AGENT_ID }, '')).envelope).toMatchObject({ code: Code.UNAUTHORIZED });
    expect((await postAgentChat(base, { messages: [], assistant_id: DOC_AGENT_ID }, token)).envelope).toMatchObject({ code: 400, msg: MSG.agentsMessagesRequired });
    expect((await postAgentChat(base, { messages: [{ role: 'assistant', content: 'x' }], assistant_id: DOC_AGENT_ID }, token)).envelope).toMatchObject({ code: 400 });
    expect((await postAgentChat(base, { messages: [{ role: 'user', content: 'hi' }], assistant_id: 'abc' }, token)).envelope).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.agentsNotFound });
    expect((await postAgentChat(base, { messages: [{ role: 'user', content: 'hi' }], assistant_id: DOC_AGENT_ID, file_id: ['not-mine'] }, token)).envelope?.code).not.toBe(200);
  });

  it('uploads a file for the document agent and gives its text to the model', async () => {
    const { token } = await t.loginAs();
    const body = await multipartBody({ name: '会议纪要.txt', data: Buffer.from('本周完成了登录模块，下周开始支付模块。'), type: 'text/plain' });
    const up = (await t.app.inject({ method: 'POST', url: '/api/v1/agent/file', headers: { ...body.headers, token }, payload: body.payload })).json<Envelope<{ file_id: string }>>();
    expect(up.code).toBe(200);
    expect(up.data.file_id).toEqual(expect.any(String));
    const before = llm.requests.length;
    const call = await postAgentChat(base, { messages: [{ role: 'user', content: '总结这份文档' }], assistant_id: DOC_AGENT_ID, file_id: [up.data.file_id] }, token);
    await call.finished;
    expect(names(call).at(-1)).toBe('done');
    const last = llm.requests[before]!.messages.at(-1)!.content;
    expect(last).toContain('下周开始支付模块');
    expect(last).toContain('总结这份文档');
    // Another user cannot chat with my file.
    const other = await t.loginAs();
    const stolen = await postAgentChat(base, { messages: [{ role: 'user', content: '总结' }], assistant_id: DOC_AGENT_ID, file_id: [up.data.file_id] }, other.token);
    expect(stolen.envelope?.code).not.toBe(200);
  });

  it('lists the tools agents may use', async () => {
    const tools = await get<{ name: string; description: string }[]>('/api/v2/config/model/tools');
    expect(tools.code).toBe(200);
    expect(tools.data.map((x) => x.name)).toEqual(agentToolNames());
  });
});
