import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, PERSONA_STATUS, type Envelope, type PersonaItem, type PersonaListRes } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import type { LlmGateway, LlmStreamRequest } from '../../llm/gateway';
import { BUILTIN_PERSONAS } from './builtin';
import { runPersonaCli } from './cli';
import { seedBuiltinPersonas } from './service';

/** A fake LLM gateway that records each upstream request and answers one short chunk. */
function recordingGateway(): LlmGateway & { requests: LlmStreamRequest[] } {
  const requests: LlmStreamRequest[] = [];
  return {
    demo: true,
    requests,
    available: () => true,
    async *stream(req) {
      requests.push(req);
      yield { type: 'text', text: '好的' };
    },
    async close() {},
  };
}

const VALID = {
  title: '产品经理',
  description: '帮你拆解需求',
  avatar: 'https://example.com/pm.png',
  context: [
    { role: 'system', content: '你是一位资深产品经理，回答要结构清晰。' },
    { role: 'assistant', content: '你好，今天想讨论哪个需求？' },
  ],
};

describe.each(testDbKinds())('personas on %s', (kind) => {
  let t: TestApp;
  const llm = recordingGateway();

  beforeAll(async () => {
    t = await createTestApp(kind, { overrides: { llm } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query: string, token?: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/nika/list${query}`, headers: token ? { token } : {} });
    return res.json<Envelope<PersonaListRes>>();
  };
  const add = async (payload: unknown, token?: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/persona', headers: token ? { token } : {}, payload: payload as object });
    return { status: res.statusCode, body: res.json<Envelope<PersonaItem>>() };
  };
  const view = async (id: number | string, token?: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/persona/${id}`, headers: token ? { token } : {} });
    return { status: res.statusCode, body: res.json<Envelope<PersonaItem>>() };
  };
  const cli = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runPersonaCli(t.ctx, args, (l) => lines.push(l));
    return { code, lines };
  };

  it('seeds the built-in personas once, approved, with no author', async () => {
    expect(await seedBuiltinPersonas(t.ctx)).toBe(0);
    const r = await list('?rows=50');
    expect(r.code).toBe(Code.OK);
    const builtins = r.data.list.filter((p) => p.user === null);
    expect(builtins.map((p) => p.title).sort()).toEqual(BUILTIN_PERSONAS.map((p) => p.title).sort());
    expect(builtins.every((p) => p.status === PERSONA_STATUS.approved && !p.mine && p.context.length > 0)).toBe(true);
  });

  it('pages and searches by title and description', async () => {
    const page1 = await list('?rows=5&page=1');
    const page3 = await list('?rows=5&page=3');
    expect(page1.data.list).toHaveLength(5);
    expect(page1.data.total).toBeGreaterThanOrEqual(BUILTIN_PERSONAS.length);
    expect(page3.data.list.length).toBe(Math.min(5, page1.data.total - 10));
    const ids = new Set([...page1.data.list, ...page3.data.list].map((p) => p.id));
    expect(ids.size).toBe(page1.data.list.length + page3.data.list.length);

    const byTitle = await list(`?keyword=${encodeURIComponent('面试')}`);
    expect(byTitle.data.list.map((p) => p.title)).toEqual(['面试官']);
    const byDescription = await list(`?keyword=${encodeURIComponent('家常菜')}`);
    expect(byDescription.data.list.map((p) => p.title)).toContain('家常菜厨师');
    // LIKE wildcards are matched literally.
    expect((await list('?keyword=%25')).data.total).toBe(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/nika/list?page=0' });
    expect(bad.statusCode).toBe(400);
  });

  it('adding needs a login', async () => {
    const r = await add(VALID);
    expect(r.status).toBe(401);
  });

  it('refuses a persona with the spec message of the first missing field', async () => {
    const { token } = await t.loginAs();
    const cases: [unknown, string][] = [
      [{ ...VALID, context: [] }, MSG.personaNeedDialogue],
      [{ ...VALID, context: undefined }, MSG.personaNeedDialogue],
      [{ ...VALID, context: [{ content: '你好' }] }, MSG.personaRoleRequired],
      [{ ...VALID, context: [{ role: 'robot', content: '你好' }] }, MSG.personaRoleRequired],
      [{ ...VALID, context: [{ role: 'user', content: '  ' }] }, MSG.personaContentRequired],
      [{ ...VALID, avatar: '' }, MSG.personaAvatarRequired],
      [{ ...VALID, avatar: undefined }, MSG.personaAvatarRequired],
      [{ ...VALID, avatar: 'javascript:alert(1)' }, MSG.personaAvatarInvalid],
      [{ ...VALID, avatar: 'ftp://example.com/a.png' }, MSG.personaAvatarInvalid],
      [{ ...VALID, title: ' ' }, MSG.personaTitleRequired],
      [{ ...VALID, title: undefined }, MSG.personaTitleRequired],
      [{ ...VALID, title: '长'.repeat(51) }, MSG.personaTitleTooLong],
    ];
    for (const [payload, msg] of cases) {
      const r = await add(payload, token);
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body).toMatchObject({ code: Code.BAD_REQUEST, msg });
    }
    expect((await add([1, 2], token)).status).toBe(400);
  });

  it('a new persona is pending and visible only to its author until approved', async () => {
    const author = await t.loginAs();
    const other = await t.loginAs();
    const r = await add(VALID, author.token);
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe(MSG.personaSubmitted);
    const created = r.body.data;
    expect(created).toMatchObject({ title: VALID.title, status: PERSONA_STATUS.pending, mine: true, avatar: VALID.avatar });
    expect(created.user?.account).toMatch(/^139\*{4}\d{4}$/);

    // The author sees it first in their list; others and guests do not see it at all.
    const mine = await list('', author.token);
    expect(mine.data.list[0]).toMatchObject({ id: created.id, status: PERSONA_STATUS.pending, mine: true });
    expect((await list('?rows=50', other.token)).data.list.some((p) => p.id === created.id)).toBe(false);
    expect((await list('?rows=50')).data.list.some((p) => p.id === created.id)).toBe(false);
    expect((await view(created.id, author.token)).body.data.id).toBe(created.id);
    const hidden = await view(created.id, other.token);
    expect(hidden.status).toBe(404);
    expect(hidden.body.msg).toBe(MSG.personaNotFound);
    expect((await view(created.id)).status).toBe(404);

    // The operator approves it: now everyone sees it, the author still as theirs.
    expect((await cli('pending')).lines.join('\n')).toContain(`${created.id}\t${VALID.title}`);
    const approved = await cli('approve', String(created.id));
    expect(approved.code).toBe(0);
    const seen = await view(created.id, other.token);
    expect(seen.body.data).toMatchObject({ status: PERSONA_STATUS.approved, mine: false });
    expect((await list(`?keyword=${encodeURIComponent(VALID.title)}`)).data.list.map((p) => p.id)).toContain(created.id);

    // Refused: hidden from others again, shown to the author with its status.
    expect((await cli('refuse', String(created.id))).code).toBe(0);
    expect((await view(created.id, other.token)).status).toBe(404);
    expect((await view(created.id, author.token)).body.data.status).toBe(PERSONA_STATUS.refused);
    expect((await cli('approve', '99999999')).code).toBe(1);
    expect((await cli('approve', 'abc')).code).toBe(2);
  });

  it('a lone surrogate in any field is stored as U+FFFD, never a 500 (jsonb refuses an unpaired one)', async () => {
    const { token } = await t.loginAs();
    const res = await add(
      { ...VALID, title: '半个\ud83d表情', context: [{ role: 'system', content: '说明\udc00内容' }, VALID.context[1]] },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(Code.OK);
    const saved = await view(res.body.data.id, token);
    expect(saved.body.data.title).toBe('半个\uFFFD表情');
    expect(saved.body.data.context[0]!.content).toBe('说明\uFFFD内容');
  });

  it('viewing a malformed or unknown id answers 400/404 envelopes, never 500', async () => {
    expect((await view('abc')).status).toBe(400);
    expect((await view('-1')).status).toBe(400);
    expect((await view('999999999')).status).toBe(404);
  });

  it('a chat with a persona sends its context lines upstream before the conversation', async () => {
    const { token } = await t.loginAs();
    const interviewer = (await list(`?keyword=${encodeURIComponent('面试官')}`)).data.list[0]!;
    const before = llm.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat2/v35',
      headers: { token },
      payload: {
        prompt: '我应聘前端工程师',
        personaId: interviewer.id,
        messages: [
          { role: 'user', content: '你好' },
          { role: 'assistant', content: '你好！' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('event: done');
    const sent = llm.requests[before]!.messages;
    const lines = interviewer.context.map((l) => ({ role: l.role, content: l.content }));
    const start = sent.findIndex((m) => m.content === lines[0]!.content);
    expect(start).toBeGreaterThanOrEqual(0);
    // Only system messages (the model's own prompt) come before the persona.
    expect(sent.slice(0, start).every((m) => m.role === 'system')).toBe(true);
    expect(sent.slice(start, start + lines.length)).toEqual(lines);
    expect(sent.slice(start + lines.length)).toEqual([
      { role: 'user', content: '你好' },
      { role: 'assistant', content: '你好！' },
      { role: 'user', content: '我应聘前端工程师' },
    ]);
  });

  it("another user's pending persona cannot lead a chat, and nothing is sent upstream", async () => {
    const author = await t.loginAs();
    const other = await t.loginAs();
    const created = (await add({ ...VALID, title: '私有角色' }, author.token)).body.data;
    const before = llm.requests.length;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat2/v35',
      headers: { token: other.token },
      payload: { prompt: '你好', personaId: created.id },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json<Envelope<null>>()).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.personaNotFound });
    expect(llm.requests.length).toBe(before);

    // Its author may use it while it waits for review.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat2/v35',
      headers: { token: author.token },
      payload: { prompt: '你好', personaId: created.id },
    });
    expect(own.statusCode).toBe(200);
    expect(llm.requests.at(-1)!.messages.some((m) => m.content === VALID.context[0]!.content)).toBe(true);
  });
});
