import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, WHITEBOARD_MAX_PER_USER, WHITEBOARD_MSG, WHITEBOARD_SCENE_MAX_BYTES, type WhiteboardDetail, type WhiteboardDiagramAnswer, type WhiteboardSummary } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { quotaUsage } from '../quota/service';
import { demoMermaid } from './diagram-prompt';
import { WHITEBOARD_QUOTA_KEY } from './diagram';

/** The whiteboard's routes end to end: boards per user (owner-only), the scene cap, and text -> Mermaid through the demo upstream. */
describe.each(testDbKinds())('whiteboard on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { TZ_BUSINESS: 'UTC', DEMO_TOKEN_DELAY_MS: '0' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: token ? { token } : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: T } };
  };

  const scene = (text: string) => ({
    elements: [{ id: 'a1', type: 'rectangle', x: 10, y: 20, width: 100, height: 60 }, { id: 't1', type: 'text', text, x: 20, y: 30 }],
    appState: { viewBackgroundColor: '#ffffff' },
  });

  it('creates, lists, saves, reads back, renames and deletes a board', async () => {
    const { token } = await t.loginAs();
    expect((await call<{ list: WhiteboardSummary[] }>('GET', '/api/v1/whiteboards', token)).body.data.list).toEqual([]);

    const created = await call<WhiteboardSummary>('POST', '/api/v1/whiteboards', token, { title: '  产品规划  ' });
    expect(created.body).toMatchObject({ code: 200, msg: WHITEBOARD_MSG.created, data: { title: '产品规划' } });
    const id = created.body.data.id;
    const untitled = await call<WhiteboardSummary>('POST', '/api/v1/whiteboards', token);
    expect(untitled.body.data.title).toBe('未命名白板');

    const fresh = await call<WhiteboardDetail>('GET', `/api/v1/whiteboards/${id}`, token);
    expect(fresh.body.data).toMatchObject({ id, title: '产品规划', scene: null });

    const saved = await call<WhiteboardSummary>('PUT', `/api/v1/whiteboards/${id}/scene`, token, { scene: scene('第一版') });
    expect(saved.body).toMatchObject({ code: 200, msg: WHITEBOARD_MSG.saved, data: { id } });
    const read = await call<WhiteboardDetail>('GET', `/api/v1/whiteboards/${id}`, token);
    expect(read.body.data.scene).toEqual(scene('第一版'));

    // Saving again replaces the scene; the board moves to the top of the list (last edited first).
    await call('PUT', `/api/v1/whiteboards/${id}/scene`, token, { scene: scene('第二版') });
    expect((await call<WhiteboardDetail>('GET', `/api/v1/whiteboards/${id}`, token)).body.data.scene).toEqual(scene('第二版'));
    const list = (await call<{ list: WhiteboardSummary[] }>('GET', '/api/v1/whiteboards', token)).body.data.list;
    expect(list.map((b) => b.id)).toEqual([id, untitled.body.data.id]);

    expect((await call<WhiteboardSummary>('PATCH', `/api/v1/whiteboards/${id}`, token, { title: '产品规划 v2' })).body).toMatchObject({
      code: 200,
      msg: WHITEBOARD_MSG.renamed,
      data: { title: '产品规划 v2' },
    });
    expect((await call('DELETE', `/api/v1/whiteboards/${id}`, token)).body).toMatchObject({ code: 200, msg: WHITEBOARD_MSG.deleted });
    expect((await call('GET', `/api/v1/whiteboards/${id}`, token)).body).toMatchObject({ code: Code.NOT_FOUND, msg: WHITEBOARD_MSG.notFound });
    expect((await call<{ list: WhiteboardSummary[] }>('GET', '/api/v1/whiteboards', token)).body.data.list.map((b) => b.id)).toEqual([untitled.body.data.id]);
  });

  it("answers 404 for another user's board on every route and leaves it untouched", async () => {
    const owner = await t.loginAs();
    const stranger = await t.loginAs();
    const id = (await call<WhiteboardSummary>('POST', '/api/v1/whiteboards', owner.token, { title: '私人白板' })).body.data.id;
    await call('PUT', `/api/v1/whiteboards/${id}/scene`, owner.token, { scene: scene('机密') });

    const attempts = [
      await call('GET', `/api/v1/whiteboards/${id}`, stranger.token),
      await call('PATCH', `/api/v1/whiteboards/${id}`, stranger.token, { title: '改名' }),
      await call('PUT', `/api/v1/whiteboards/${id}/scene`, stranger.token, { scene: scene('覆盖') }),
      await call('DELETE', `/api/v1/whiteboards/${id}`, stranger.token),
    ];
    for (const a of attempts) expect(a).toMatchObject({ status: 404, body: { code: Code.NOT_FOUND, msg: WHITEBOARD_MSG.notFound } });
    expect((await call<{ list: WhiteboardSummary[] }>('GET', '/api/v1/whiteboards', stranger.token)).body.data.list).toEqual([]);
    const kept = await call<WhiteboardDetail>('GET', `/api/v1/whiteboards/${id}`, owner.token);
    expect(kept.body.data).toMatchObject({ title: '私人白板', scene: scene('机密') });
    // Without a login nothing is answered at all.
    expect((await call('GET', '/api/v1/whiteboards')).status).toBe(401);
    expect((await call('GET', `/api/v1/whiteboards/${id}`)).status).toBe(401);
  });

  it('refuses bad input with a Chinese 400 and caps the scene size and the board count', async () => {
    const { token } = await t.loginAs();
    const id = (await call<WhiteboardSummary>('POST', '/api/v1/whiteboards', token)).body.data.id;
    expect((await call('GET', '/api/v1/whiteboards/abc', token)).body).toMatchObject({ code: 400, msg: WHITEBOARD_MSG.idInvalid });
    expect((await call('GET', '/api/v1/whiteboards/0', token)).body).toMatchObject({ code: 400, msg: WHITEBOARD_MSG.idInvalid });
    expect((await call('POST', '/api/v1/whiteboards', token, { title: '长'.repeat(41) })).body).toMatchObject({ code: 400, msg: WHITEBOARD_MSG.titleTooLong });
    expect((await call('PUT', `/api/v1/whiteboards/${id}/scene`, token, {})).body).toMatchObject({ code: 400, msg: WHITEBOARD_MSG.sceneRequired });
    expect((await call('PUT', `/api/v1/whiteboards/${id}/scene`, token, { scene: { elements: 'x' } })).body).toMatchObject({ code: 400, msg: WHITEBOARD_MSG.sceneInvalid });

    // Just over the cap (in UTF-8 bytes: 3 per Chinese character) but under the request body limit.
    const big = { elements: [{ id: 'x', type: 'text', text: '字'.repeat(Math.ceil(WHITEBOARD_SCENE_MAX_BYTES / 3)) }], appState: {} };
    expect((await call('PUT', `/api/v1/whiteboards/${id}/scene`, token, { scene: big })).body).toMatchObject({
      code: 400,
      msg: WHITEBOARD_MSG.sceneTooLarge(Math.floor(WHITEBOARD_SCENE_MAX_BYTES / 1024)),
    });
    expect((await call<WhiteboardDetail>('GET', `/api/v1/whiteboards/${id}`, token)).body.data.scene).toBeNull();

    for (let i = 1; i < WHITEBOARD_MAX_PER_USER; i++) expect((await call('POST', '/api/v1/whiteboards', token, { title: `板${i}` })).status).toBe(200);
    expect((await call('POST', '/api/v1/whiteboards', token)).body).toMatchObject({ code: Code.FAILED, msg: WHITEBOARD_MSG.tooMany(WHITEBOARD_MAX_PER_USER) });
  });

  it('turns a sentence into Mermaid through the demo upstream, one tool_generate count each, refunded on failure', async () => {
    const { token, user } = await t.loginAs();
    const text = '用户注册，填写手机号，接收验证码，登录成功';
    const res = await call<WhiteboardDiagramAnswer>('POST', '/api/v1/whiteboards/diagram', token, { text });
    expect(res.body).toMatchObject({ code: 200, data: { kind: 'diagram', demo: true, mermaid: demoMermaid(text, 'diagram') } });
    expect(res.body.data.mermaid).toMatch(/^flowchart TD\n/);
    expect(res.body.data.mermaid).toContain('["填写手机号"]');

    const map = await call<WhiteboardDiagramAnswer>('POST', '/api/v1/whiteboards/diagram', token, { text: '时间管理', kind: 'mindmap' });
    expect(map.body.data).toMatchObject({ kind: 'mindmap', mermaid: demoMermaid('时间管理', 'mindmap') });
    expect(map.body.data.mermaid).toMatch(/^flowchart LR\n {2}root\(\("时间管理"\)\)/);
    expect((await quotaUsage(t.ctx, user.id, WHITEBOARD_QUOTA_KEY)).used).toBe(2);

    const failed = await call('POST', '/api/v1/whiteboards/diagram', token, { text: '画个流程 [demo:error=500]' });
    expect(failed.body).toEqual({ code: Code.FAILED, msg: WHITEBOARD_MSG.generateFailed, data: null });
    expect(await quotaUsage(t.ctx, user.id, WHITEBOARD_QUOTA_KEY)).toEqual({ used: 2, reserved: 0 });

    expect((await call('POST', '/api/v1/whiteboards/diagram', token, { text: '  ' })).body).toMatchObject({ code: 400, msg: WHITEBOARD_MSG.textRequired });
    expect((await call('POST', '/api/v1/whiteboards/diagram', token, { text: '字'.repeat(301) })).body).toMatchObject({ code: 400, msg: WHITEBOARD_MSG.textTooLong(300) });
    expect((await call('POST', '/api/v1/whiteboards/diagram', token, { text: '流程', kind: 'pie' })).body).toMatchObject({ code: 400, msg: WHITEBOARD_MSG.kindInvalid });
    expect((await call('POST', '/api/v1/whiteboards/diagram', undefined, { text: '流程' })).status).toBe(401);
  });
});
