import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Code, MSG } from '@wanxiang/contract';
import { useBattleStore } from '../../stores/battle';
import { resumeBattle, runBattleRound, stopBattle, type BattleRunHandlers } from './battle-runner';

const sse = (...frames: [string, unknown][]) => frames.map(([e, d]) => `event: ${e}\ndata: ${JSON.stringify(d)}\n\n`).join('');

interface Call {
  url: string;
  body: Record<string, unknown>;
}

/**
 * A fake server: each /v1/chat2/{model} answers "{model} 答{n}" as a stream, except models in
 * `refuse` (a JSON refusal before any stream) and `hang` (a stream that never ends until aborted);
 * groups record/add answers ok. Every request body is recorded.
 */
function fakeServer(opts: { refuse?: Record<string, { code: number; msg: string }>; hang?: string[] } = {}) {
  const calls: Call[] = [];
  const counts = new Map<string, number>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      calls.push({ url, body });
      const model = /\/v1\/chat2\/([^/?]+)/.exec(url)?.[1];
      if (!model) return Response.json({ code: 200, msg: 'success', data: { group: {}, round: 1 } });
      const refusal = opts.refuse?.[model];
      if (refusal) return Response.json(refusal);
      if (opts.hang?.includes(model)) {
        const stream = new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(new TextEncoder().encode(sse(['meta', { conversationId: 'c', messageId: 'm', model }], ['text', { text: '半句' }])));
            init.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
      }
      const n = (counts.get(model) ?? 0) + 1;
      counts.set(model, n);
      const text = sse(
        ['meta', { conversationId: 'c', messageId: `${model}-r${n}`, model }],
        ['text', { text: `${model} ` }],
        ['text', { text: `答${n}` }],
        ['done', { messageId: `${model}-r${n}` }],
      );
      return new Response(text, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return calls;
}

function handlers(save = true): BattleRunHandlers & { expired: string[] } {
  const expired: string[] = [];
  return { expired, onLoginExpired: (m) => expired.push(m), saveOnServer: () => save };
}

const st = () => useBattleStore.getState();
const current = () => st().sessions.find((s) => s.id === st().currentId)!;
const chatCalls = (calls: Call[]) => calls.filter((c) => c.url.includes('/v1/chat2/'));

beforeEach(() => {
  vi.unstubAllGlobals();
  st().clearAll();
});

describe('runBattleRound', () => {
  it('asks every chosen model at once with type battle, then saves the round once', async () => {
    const calls = fakeServer();
    const s = st().newSession(['v35', 'deepseek_v3', 'qwen']);
    await runBattleRound(s.id, '比一比', handlers());
    const round = current().rounds[0]!;
    expect(round.models).toEqual(['v35', 'deepseek_v3', 'qwen']);
    expect(round.models.map((m) => [round.answers[m]!.state, round.answers[m]!.message])).toEqual([
      ['ok', 'v35 答1'],
      ['ok', 'deepseek_v3 答1'],
      ['ok', 'qwen 答1'],
    ]);
    const chats = chatCalls(calls);
    expect(chats.map((c) => c.url.split('/').pop())).toEqual(['v35', 'deepseek_v3', 'qwen']);
    for (const c of chats) expect(c.body).toMatchObject({ prompt: '比一比', type: 'battle', messages: [] });
    const saved = calls.filter((c) => c.url.endsWith('/v2/chat/groups/record/add'));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.body).toMatchObject({
      groupId: s.id,
      question: { id: round.id, content: '比一比' },
      answers: [
        { model: 'v35', content: 'v35 答1', state: 'ok', id: 'v35-r1' },
        { model: 'deepseek_v3', content: 'deepseek_v3 答1', state: 'ok' },
        { model: 'qwen', content: 'qwen 答1', state: 'ok' },
      ],
    });
    expect(round.saved).toBe(true);
    expect(current().name).toBe('比一比');
    expect(st().sending).toBe(false);
  });

  it('multi-turn off asks without history; on gives each model its own earlier answers', async () => {
    const calls = fakeServer();
    const s = st().newSession(['v35', 'qwen']);
    await runBattleRound(s.id, '第一问', handlers(false));
    await runBattleRound(s.id, '第二问', handlers(false));
    expect(
      chatCalls(calls)
        .slice(2)
        .map((c) => c.body.messages),
    ).toEqual([[], []]);

    st().setMultiTurn(s.id, true);
    await runBattleRound(s.id, '第三问', handlers(false));
    const third = chatCalls(calls).slice(4);
    const v35 = third.find((c) => c.url.endsWith('/v35'))!.body.messages as { role: string; content: string }[];
    const qwen = third.find((c) => c.url.endsWith('/qwen'))!.body.messages as { role: string; content: string }[];
    expect(v35.map((m) => `${m.role}:${m.content}`)).toEqual(['user:第一问', 'assistant:v35 答1', 'user:第二问', 'assistant:v35 答2']);
    expect(qwen.map((m) => `${m.role}:${m.content}`)).toEqual(['user:第一问', 'assistant:qwen 答1', 'user:第二问', 'assistant:qwen 答2']);
    // Not logged in: nothing was saved on the server.
    expect(calls.filter((c) => c.url.includes('/groups/'))).toHaveLength(0);
  });

  it('a refusal for one model stays in its column; the others answer', async () => {
    fakeServer({ refuse: { v40: { code: Code.TIER_DENIED, msg: MSG.tierDeniedFree } } });
    const s = st().newSession(['v35', 'v40']);
    const h = handlers();
    await runBattleRound(s.id, '问', h);
    const round = current().rounds[0]!;
    expect(round.answers.v40).toMatchObject({ state: 'error', errorText: MSG.tierDeniedFree });
    expect(round.answers.v35).toMatchObject({ state: 'ok', message: 'v35 答1' });
    expect(h.expired).toEqual([]);
  });

  it('an expired login is reported once and the round is not saved', async () => {
    const calls = fakeServer({ refuse: { v35: { code: 401, msg: '登录失效' }, qwen: { code: 401, msg: '登录失效' } } });
    const s = st().newSession(['v35', 'qwen']);
    const h = handlers();
    await runBattleRound(s.id, '问', h);
    expect(h.expired).toEqual(['登录失效']);
    expect(calls.filter((c) => c.url.includes('/groups/'))).toHaveLength(0);
  });

  it('stop asks the server to stop every streaming column and keeps what arrived', async () => {
    const calls = fakeServer({ hang: ['v35', 'qwen'] });
    const s = st().newSession(['v35', 'qwen']);
    const run = runBattleRound(s.id, '很长的问题', handlers(false));
    await vi.waitFor(() => expect(current().rounds[0]?.answers.v35?.message).toBe('半句'));
    await vi.waitFor(() => expect(current().rounds[0]?.answers.qwen?.message).toBe('半句'));
    expect(st().sending).toBe(true);
    expect(stopBattle()).toBe(2);
    await run;
    const round = current().rounds[0]!;
    expect([round.answers.v35!.state, round.answers.qwen!.state]).toEqual(['ok', 'ok']);
    // Each column's answer outlives its reader: the server is asked to stop it by the name its meta gave.
    expect(calls.filter((c) => c.url.endsWith('/v1/chat/stop')).map((c) => c.body)).toEqual([{ messageId: 'm' }, { messageId: 'm' }]);
    expect(st().sending).toBe(false);
    expect(stopBattle()).toBe(0);
  });
});

describe('resumeBattle', () => {
  it('after a reload, the columns left streaming are re-attached by their names, redrawn to their ends and the round saved', async () => {
    const s = st().newSession(['v35', 'qwen']);
    st().addRound(s.id, {
      id: 'round-1',
      question: '问',
      dateTime: 1,
      models: ['v35', 'qwen'],
      answers: {
        v35: { id: 'a1', model: 'v35', message: '旧', reasoning: '', state: 'waite', streamId: 'srv-v35' },
        qwen: { id: 'a2', model: 'qwen', message: '完', reasoning: '', state: 'ok' },
      },
    });
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        if (url.includes('/v1/chat/stream/'))
          return new Response(
            sse(
              ['meta', { conversationId: 'c', messageId: 'srv-v35', model: 'v35' }],
              ['text', { text: '完整回答' }],
              ['done', { messageId: 'srv-v35' }],
            ),
            {
              headers: { 'content-type': 'text/event-stream' },
            },
          );
        return Response.json({ code: 200, msg: 'success', data: { group: {}, round: 1 } });
      }),
    );
    await resumeBattle(handlers());
    expect(urls.filter((u) => u.includes('/v1/chat/stream/')).map((u) => u.replace(/^.*\/v1/, ''))).toEqual(['/chat/stream/srv-v35']);
    expect(current().rounds[0]!.answers.v35).toMatchObject({ state: 'ok', message: '完整回答' });
    expect(current().rounds[0]!.saved).toBe(true);
    expect(st().sending).toBe(false);
  });
});
