import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  MSG,
  type Envelope,
  type GroupComment,
  type GroupDetailsRes,
  type GroupItem,
  type GroupListRes,
  type RecordListRes,
} from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { postChat, textOf } from '../chat/testing/sse-client';

/** Comparison sessions over HTTP: every route, login, ownership and the Chinese messages of bad input. */
describe.each(testDbKinds())('groups routes on %s', (kind) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { DEMO_TOKEN_DELAY_MS: '1' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async <T>(path: string, token: string | undefined, payload: unknown = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/chat/groups/${path}`,
      headers: token ? { token } : {},
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };

  const round = (groupId: string, n: number, models = ['v35', 'deepseek_v3']) => ({
    groupId,
    question: { id: `${groupId}-q${n}`, content: `第${n}个问题` },
    answers: models.map((m) => ({ id: `${groupId}-a${n}-${m}`, model: m, content: `${m} 的回答 ${n}` })),
  });

  const ROUTES = [
    'add',
    'add_models',
    'reset',
    'delete',
    'record/add',
    'record/lists',
    'record/delete',
    'record/details',
    'comment/submit',
    'comment/lists',
  ];

  it('every route needs a login', async () => {
    for (const path of ROUTES) {
      const r = await post(path, undefined, { id: 'x' });
      expect(r.status, path).toBe(401);
      expect(r.body.code, path).toBe(Code.UNAUTHORIZED);
    }
  });

  it('add: 2 to 4 distinct comparison models, with the spec messages otherwise', async () => {
    const { token } = await t.loginAs();
    const added = await post<GroupItem>('add', token, { id: 'g1', models: ['v35', 'deepseek_v3', 'qwen'] });
    expect(added.body.code).toBe(200);
    expect(added.body.data).toMatchObject({
      id: 'g1',
      title: MSG.battleNewChat,
      models: ['v35', 'deepseek_v3', 'qwen'],
      multiTurn: false,
      messageCount: 0,
    });
    // The same id again answers the existing group unchanged.
    expect((await post<GroupItem>('add', token, { id: 'g1', models: ['v35', 'qwen'] })).body.data.models).toHaveLength(3);
    // Without an id the server makes one.
    expect((await post<GroupItem>('add', token, { models: ['v35', 'qwen'] })).body.data.id).toMatch(/^[0-9a-f-]{36}$/);

    const bad: [unknown, number, string][] = [
      [{ models: ['v35'] }, Code.BAD_REQUEST, MSG.battleMinModels],
      [{ models: [] }, Code.BAD_REQUEST, MSG.battleMinModels],
      [{}, Code.BAD_REQUEST, MSG.battleMinModels],
      [{ models: 'v35' }, Code.BAD_REQUEST, MSG.battleMinModels],
      [{ models: ['v35', 'qwen', 'deepseek_v3', 'vfast', 'talkV2'] }, Code.BAD_REQUEST, MSG.battleMaxModels],
      [{ models: ['v35', 'v35'] }, Code.BAD_REQUEST, MSG.battleDuplicateModel],
      [{ models: ['v35', 'no_such_model'] }, Code.MODEL_OFFLINE, MSG.modelOffline],
      // image understanding is not a comparison model (isAttack false in the catalog)
      [{ models: ['v35', 'image'] }, Code.BAD_REQUEST, MSG.battleModelNotAllowed('图片理解')],
    ];
    for (const [payload, code, msg] of bad) {
      const r = await post('add', token, payload);
      expect(r.body, JSON.stringify(payload)).toMatchObject({ code, msg });
      expect(r.status).toBeLessThan(500);
    }
  });

  it('record/add saves rounds, titles the group by its first question, lists and details them', async () => {
    const { token } = await t.loginAs();
    // The first round creates the group.
    const first = await post<{ group: GroupItem; round: number }>('record/add', token, { ...round('r1', 1), multiTurn: true });
    expect(first.body.code).toBe(200);
    expect(first.body.data).toMatchObject({ round: 1, group: { id: 'r1', title: '第1个问题', messageCount: 3, multiTurn: true } });
    const second = await post<{ group: GroupItem; round: number }>('record/add', token, round('r1', 2));
    expect(second.body.data).toMatchObject({ round: 2, group: { title: '第1个问题', messageCount: 6 } });

    const details = await post<GroupDetailsRes>('record/details', token, { id: 'r1' });
    expect(details.body.data.messages.map((m) => [m.round, m.role, m.model, m.content])).toEqual([
      [1, 'user', '', '第1个问题'],
      [1, 'assistant', 'v35', 'v35 的回答 1'],
      [1, 'assistant', 'deepseek_v3', 'deepseek_v3 的回答 1'],
      [2, 'user', '', '第2个问题'],
      [2, 'assistant', 'v35', 'v35 的回答 2'],
      [2, 'assistant', 'deepseek_v3', 'deepseek_v3 的回答 2'],
    ]);

    await post('add', token, { id: 'r0', models: ['v35', 'qwen'] });
    const lists = await post<GroupListRes>('record/lists', token, { page: 1, rows: 20 });
    expect(lists.body.data).toMatchObject({ total: 2, page: 1, rows: 20 });
    expect(lists.body.data.list.map((g) => g.id)).toEqual(['r0', 'r1']);
    const got = await t.app.inject({ method: 'GET', url: '/api/v2/chat/groups/record/lists?page=2&rows=1', headers: { token } });
    expect(got.json<Envelope<GroupListRes>>().data.list.map((g) => g.id)).toEqual(['r1']);
    expect((await post('record/lists', token, { page: 0 })).body.code).toBe(Code.BAD_REQUEST);

    expect((await post('record/add', token, { ...round('r1', 3), question: { id: 'q', content: '  ' } })).body).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: MSG.askEmpty,
    });
    expect((await post('record/add', token, { ...round('r1', 3), answers: [] })).body.code).toBe(Code.BAD_REQUEST);
    const dup = round('r1', 3);
    dup.answers[1]!.model = 'v35';
    expect((await post('record/add', token, dup)).body).toMatchObject({ code: Code.BAD_REQUEST, msg: MSG.battleDuplicateModel });
  });

  it('add_models, reset, record/delete and delete', async () => {
    const { token } = await t.loginAs();
    await post('record/add', token, round('m1', 1));
    await post('record/add', token, round('m1', 2));

    const changed = await post<GroupItem>('add_models', token, { id: 'm1', models: ['qwen', 'vfast', 'talkV2'], multiTurn: true });
    expect(changed.body.data).toMatchObject({ models: ['qwen', 'vfast', 'talkV2'], multiTurn: true });
    expect((await post('add_models', token, { id: 'm1', models: ['qwen'] })).body).toMatchObject({ code: 400, msg: MSG.battleMinModels });

    const deleted = await post('record/delete', token, { groupId: 'm1', id: 'm1-q1' });
    expect(deleted.body).toMatchObject({ code: 200, msg: MSG.deleteSuccess });
    const left = await post<GroupDetailsRes>('record/details', token, { id: 'm1' });
    expect(left.body.data.messageCount).toBe(3);
    expect(left.body.data.messages.map((m) => m.round)).toEqual([2, 2, 2]);
    expect((await post('record/delete', token, { groupId: 'm1', id: 'm1-q1' })).body).toMatchObject({
      code: Code.NOT_FOUND,
      msg: MSG.battleRoundNotFound,
    });
    // An answer's id does not name a round.
    expect((await post('record/delete', token, { groupId: 'm1', id: 'm1-a2-v35' })).body.code).toBe(Code.NOT_FOUND);

    const reset = await post<GroupItem>('reset', token, { id: 'm1' });
    expect(reset.body.data).toMatchObject({ messageCount: 0, title: MSG.battleNewChat, models: ['qwen', 'vfast', 'talkV2'] });
    expect((await post<GroupDetailsRes>('record/details', token, { id: 'm1' })).body.data.messages).toEqual([]);
    // Round numbers start again after a reset.
    expect((await post<{ round: number }>('record/add', token, round('m1', 9))).body.data.round).toBe(1);

    expect((await post('delete', token, { id: 'm1' })).body).toMatchObject({ code: 200, msg: MSG.deleteSuccess });
    expect((await post('record/details', token, { id: 'm1' })).body).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.recordNotFound });
    expect((await post('delete', token, { id: 'm1' })).body.code).toBe(Code.NOT_FOUND);
    expect((await post('delete', token, {})).body).toMatchObject({ code: Code.BAD_REQUEST, msg: '请提供对抗会话 id' });
  });

  it('comment/submit keeps one verdict per round, naming a model that answered it', async () => {
    const { token } = await t.loginAs();
    await post('record/add', token, round('c1', 1));
    const first = await post<GroupComment>('comment/submit', token, { groupId: 'c1', messageId: 'c1-q1', model: 'v35', content: '更准确' });
    expect(first.body).toMatchObject({ code: 200, msg: MSG.battleBestSaved, data: { model: 'v35', content: '更准确' } });
    await post('comment/submit', token, { groupId: 'c1', messageId: 'c1-q1', model: 'deepseek_v3', score: 5 });
    const listed = await post<GroupComment[]>('comment/lists', token, { id: 'c1' });
    expect(listed.body.data.map((c) => [c.messageId, c.model, c.score])).toEqual([['c1-q1', 'deepseek_v3', 5]]);

    expect((await post('comment/submit', token, { groupId: 'c1', messageId: 'c1-q1', model: 'qwen' })).body).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: MSG.battlePickBest,
    });
    expect((await post('comment/submit', token, { groupId: 'c1', messageId: 'c1-q1' })).body).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: MSG.battlePickBest,
    });
    expect((await post('comment/submit', token, { groupId: 'c1', messageId: 'nope', model: 'v35' })).body).toMatchObject({
      code: Code.NOT_FOUND,
      msg: MSG.battleRoundNotFound,
    });
    expect((await post('comment/submit', token, { groupId: 'c1', messageId: 'c1-q1', model: 'v35', score: 9 })).body.code).toBe(
      Code.BAD_REQUEST,
    );
  });

  it("another user's group answers 404 on every route and is left untouched", async () => {
    const owner = await t.loginAs();
    const other = await t.loginAs();
    await post('record/add', owner.token, round('own', 1));
    await post('comment/submit', owner.token, { groupId: 'own', messageId: 'own-q1', model: 'v35' });

    const attempts: [string, unknown][] = [
      ['add_models', { id: 'own', models: ['v35', 'qwen'] }],
      ['reset', { id: 'own' }],
      ['delete', { id: 'own' }],
      ['record/details', { id: 'own' }],
      ['record/delete', { groupId: 'own', id: 'own-q1' }],
      ['comment/submit', { groupId: 'own', messageId: 'own-q1', model: 'v35' }],
      ['comment/lists', { id: 'own' }],
    ];
    for (const [path, payload] of attempts) {
      const r = await post(path, other.token, payload);
      expect(r.status, path).toBe(404);
      expect(r.body, path).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.recordNotFound });
    }
    expect((await post<GroupListRes>('record/lists', other.token)).body.data.total).toBe(0);
    // The other user's round with the same group id makes their own group, not a write into the owner's.
    await post('record/add', other.token, round('own', 1, ['qwen', 'vfast']));

    const mine = await post<GroupDetailsRes>('record/details', owner.token, { id: 'own' });
    expect(mine.body.data.messageCount).toBe(3);
    expect(mine.body.data.messages.map((m) => m.model)).toEqual(['', 'v35', 'deepseek_v3']);
    expect((await post<GroupComment[]>('comment/lists', owner.token, { id: 'own' })).body.data).toHaveLength(1);
  });

  it("a battle column (type 'battle') streams like any chat but writes no chat history", async () => {
    const { token } = await t.loginAs();
    const battle = await postChat(base, 'v35', { prompt: '对抗问题', conversationId: 'b-col', type: 'battle' }, token);
    await battle.finished;
    expect(textOf(battle).length).toBeGreaterThan(0);
    const plain = await postChat(base, 'v35', { prompt: '普通问题', conversationId: 'plain' }, token);
    await plain.finished;
    const list = await t.app.inject({ method: 'POST', url: '/api/v1/chat/record/list', headers: { token }, payload: {} });
    expect(list.json<Envelope<RecordListRes>>().data.list.map((r) => r.id)).toEqual(['plain']);
  });
});
