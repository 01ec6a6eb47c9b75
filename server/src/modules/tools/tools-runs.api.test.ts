import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, type Envelope, type ToolRunsRes } from '@wanxiang/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { toolRuns } from '../../db/schema';

/**
 * GET /api/v1/tools/runs: the caller's own runs of every tool, newest first, paged by page/rows
 * (the data board's 最近使用的工具). Rows are written as a prompt run's save writes them; the
 * stream that writes them is covered by tools-history.api.test.ts.
 */
describe.each(testDbKinds())('recent tool runs across tools on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const runs = (token: string, query = '') => t.app.inject({ method: 'GET', url: `/api/v1/tools/runs${query}`, headers: token ? { token } : {} });

  /** Saved runs of `userId`, one per tool id, the first the oldest (a minute apart). */
  async function seed(userId: number, toolIds: string[]): Promise<string[]> {
    const start = Date.now() - toolIds.length * 60_000;
    const rows = toolIds.map((toolId, i) => ({
      id: randomUUID(),
      userId,
      toolId,
      inputs: { text: `输入${i}` },
      model: 'deepseek-v3',
      content: `回答${i}`,
      createdAt: new Date(start + i * 60_000),
    }));
    await t.ctx.database.db.insert(toolRuns).values(rows);
    return rows.map((r) => r.id);
  }

  it("lists the owner's runs of every tool, newest first, in the history's row shape; nobody else's", async () => {
    const owner = await t.loginAs();
    const other = await t.loginAs();
    const mine = await seed(owner.user.id, ['bestWishes', 'aiDream', 'aiDocument']);
    const theirs = await seed(other.user.id, ['aiNote']);

    const res = await runs(owner.token);
    expect(res.statusCode).toBe(200);
    const body = res.json<Envelope<ToolRunsRes>>();
    expect(body.code).toBe(Code.OK);
    expect(body.data).toMatchObject({ total: 3, page: 1, rows: 20 });
    expect(body.data.list.map((r) => r.id)).toEqual([...mine].reverse());
    expect(body.data.list.map((r) => r.toolId)).toEqual(['aiDocument', 'aiDream', 'bestWishes']);
    expect(body.data.list[0]).toEqual({
      id: mine[2],
      toolId: 'aiDocument',
      inputs: { text: '输入2' },
      model: 'deepseek-v3',
      content: '回答2',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const theirList = (await runs(other.token)).json<Envelope<ToolRunsRes>>().data;
    expect(theirList.total).toBe(1);
    expect(theirList.list.map((r) => r.id)).toEqual(theirs);
  });

  it('pages by page and rows: each page continues where the last stopped, past the end is empty', async () => {
    const { token, user } = await t.loginAs();
    const ids = [...(await seed(user.id, ['aiDream', 'bestWishes', 'aiNote', 'aiDream', 'aiFormula']))].reverse();
    const page = async (n: number) => (await runs(token, `?page=${n}&rows=2`)).json<Envelope<ToolRunsRes>>().data;

    const pages = [await page(1), await page(2), await page(3)];
    expect(pages.map((p) => p.list.map((r) => r.id))).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
    expect(pages.every((p) => p.total === 5 && p.rows === 2)).toBe(true);
    expect(pages[1]!.page).toBe(2);
    expect(await page(4)).toMatchObject({ list: [], total: 5, page: 4 });
  });

  it('refuses bad paging in Chinese and a visitor with 401 in the envelope', async () => {
    const { token } = await t.loginAs();
    for (const [query, msg] of [
      ['?rows=0', '参数 rows 必须是正整数'],
      ['?rows=101', '参数 rows 必须是正整数'],
      ['?page=abc', '参数 page 必须是正整数'],
    ] as const) {
      const res = await runs(token, query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: Code.BAD_REQUEST });
      expect(res.json<Envelope<null>>().msg).toBe(msg);
    }

    const visitor = await runs('');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ code: Code.UNAUTHORIZED, msg: MSG.unauthorized, data: null });
    expect((await runs('not-a-session-token')).json()).toMatchObject({ code: Code.UNAUTHORIZED });
  });
});
