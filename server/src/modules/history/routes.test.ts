import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, LIMITS, MSG, type Envelope, type RecordDataRes, type RecordItem, type RecordListRes } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { savePrompt, saveReply } from './service';

/** The record calls over HTTP: login required, the envelope, and per-user isolation. */
describe.each(testDbKinds())('history routes on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async <T>(path: string, token: string | undefined, payload: unknown = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chat/record/${path}`,
      headers: token ? { token } : {},
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };

  async function seed(userId: number, id: string, prompt: string) {
    await savePrompt(t.ctx, userId, { id, model: 'v35' }, { id: `${id}-q`, content: prompt });
    await saveReply(t.ctx, userId, id, { id: `${id}-a`, content: `回答：${prompt}`, model: 'v35', state: 'ok' });
  }

  it('every record call needs a login', async () => {
    for (const path of ['list', 'data', 'add', 'delete', 'clear', 'rename']) {
      const r = await post(path, undefined, { id: 'x', title: 'y' });
      expect(r.status).toBe(401);
      expect(r.body.code).toBe(Code.UNAUTHORIZED);
    }
    const get = await t.app.inject({ method: 'GET', url: '/api/v1/chat/record/list?page=1' });
    expect(get.statusCode).toBe(401);
  });

  it('lists by POST body or GET query, and reads one conversation', async () => {
    const { token, user } = await t.loginAs();
    await seed(user.id, 'h1', '第一个问题');
    await seed(user.id, 'h2', '第二个问题');
    const listed = await post<RecordListRes>('list', token, { page: 1, rows: 20 });
    expect(listed.body.code).toBe(200);
    expect(listed.body.data).toMatchObject({ total: 2, page: 1, rows: 20 });
    expect(listed.body.data.list.map((r) => r.id)).toEqual(['h2', 'h1']);
    const got = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/record/list?page=1&rows=1&keyword=%E7%AC%AC%E4%B8%80',
      headers: { token },
    });
    expect(got.json<Envelope<RecordListRes>>().data.list.map((r) => r.id)).toEqual(['h1']);
    const data = await post<RecordDataRes>('data', token, { id: 'h1' });
    expect(data.body.data.messages.map((m) => m.content)).toEqual(['第一个问题', '回答：第一个问题']);
  });

  it('adds, renames, deletes and clears; another user gets 会话不存在或已删除', async () => {
    const { token } = await t.loginAs();
    const other = await t.loginAs();
    const added = await post<RecordItem>('add', token, { model: 'deepseek_v3' });
    expect(added.body.data).toMatchObject({ title: LIMITS.defaultSessionName, model: 'deepseek_v3', messageCount: 0 });
    const id = added.body.data.id;

    for (const [path, payload] of [
      ['data', { id }],
      ['rename', { id, title: '偷改' }],
      ['delete', { id }],
    ] as const) {
      const r = await post(path, other.token, payload);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: Code.NOT_FOUND, msg: MSG.recordNotFound });
    }
    expect((await post<RecordItem>('rename', token, { id, title: '  我的会话 ' })).body.data.title).toBe('我的会话');
    expect((await post('rename', token, { id, title: ' ' })).body).toMatchObject({ code: Code.BAD_REQUEST, msg: '请输入会话名称' });
    expect((await post('data', token, {})).body).toMatchObject({ code: Code.BAD_REQUEST, msg: '请提供会话 id' });

    expect((await post('delete', token, { id })).body).toMatchObject({ code: 200, msg: MSG.deleteSuccess });
    expect((await post('data', token, { id })).body.code).toBe(Code.NOT_FOUND);

    await post('add', token, { id: 'k1', model: 'v35' });
    await post('add', token, { id: 'k2', model: 'v35' });
    await post('add', other.token, { id: 'k1', model: 'v35' });
    expect((await post('clear', token)).body).toMatchObject({ code: 200, msg: MSG.clearSuccess, data: { deleted: 2 } });
    expect((await post<RecordListRes>('list', token)).body.data.total).toBe(0);
    expect((await post<RecordListRes>('list', other.token)).body.data.total).toBe(1);
  });
});
