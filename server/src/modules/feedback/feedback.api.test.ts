import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Code, MSG, type Envelope, type MessageReportRes, type MessageVoteRes } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { messageReports, messageVotes } from '../../db/schema';
import { VOTES_PER_MINUTE } from './routes';

/** Like/dislike, the report dialog and follow-up suggestions over HTTP, on every database kind. */
describe.each(testDbKinds())('feedback routes on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { DEMO_TOKEN_DELAY_MS: '0' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async <T>(path: string, token: string | undefined, payload: unknown) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/chat/${path}`,
      headers: token ? { token } : {},
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.json<Envelope<T>>() };
  };
  const votesOf = (userId: number) => t.ctx.database.db.select().from(messageVotes).where(eq(messageVotes.userId, userId));

  it('needs a login', async () => {
    for (const path of ['message/vote', 'message/report', 'free/question.extend']) {
      const r = await post(path, undefined, { messageId: 'm', vote: 1, category: 1, reason: 'x', question: 'q' });
      expect(r.status).toBe(401);
      expect(r.body.code).toBe(Code.UNAUTHORIZED);
    }
  });

  it('stores one vote per user and message, replaces it, and takes it back with 0', async () => {
    const a = await t.loginAs();
    const b = await t.loginAs();
    const liked = await post<MessageVoteRes>('message/vote', a.token, { messageId: 'reply-1', vote: 1, model: 'v35' });
    expect(liked.body).toMatchObject({ code: 200, data: { messageId: 'reply-1', vote: 1 } });
    await post('message/vote', b.token, { messageId: 'reply-1', vote: 1, model: 'v35' });
    expect((await votesOf(a.user.id)).map((v) => [v.messageId, v.vote, v.model])).toEqual([['reply-1', 1, 'v35']]);

    await post('message/vote', a.token, { messageId: 'reply-1', vote: -1, model: 'v35' });
    expect((await votesOf(a.user.id)).map((v) => v.vote)).toEqual([-1]);

    const undone = await post<MessageVoteRes>('message/vote', a.token, { messageId: 'reply-1', vote: 0 });
    expect(undone.body.data.vote).toBe(0);
    expect(await votesOf(a.user.id)).toEqual([]);
    // The other user's vote is untouched.
    expect((await votesOf(b.user.id)).map((v) => v.vote)).toEqual([1]);
  });

  it('refuses a bad vote with a Chinese message and 400', async () => {
    const { token } = await t.loginAs();
    const cases: [unknown, string][] = [
      [{ messageId: 'm', vote: 2 }, MSG.feedbackVoteInvalid],
      [{ messageId: 'm', vote: '1' }, MSG.feedbackVoteInvalid],
      [{ vote: 1 }, MSG.feedbackMessageRequired],
      [{ messageId: '   ', vote: 1 }, MSG.feedbackMessageRequired],
      [{ messageId: 'x'.repeat(65), vote: 1 }, MSG.feedbackMessageRequired],
    ];
    for (const [payload, msg] of cases) {
      const r = await post('message/vote', token, payload);
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body).toMatchObject({ code: Code.BAD_REQUEST, msg });
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/message/vote',
      headers: { token, 'content-type': 'application/json' },
      payload: '{"messageId":',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('limits votes per minute', async () => {
    const { token } = await t.loginAs();
    for (let i = 0; i < VOTES_PER_MINUTE; i++) await post('message/vote', token, { messageId: `m${i}`, vote: 1 });
    const over = await post('message/vote', token, { messageId: 'one-more', vote: 1 });
    expect(over.status).toBe(429);
  });

  it('stores a report with its category, reason and excerpt (提交成功!)', async () => {
    const { token, user } = await t.loginAs();
    const r = await post<MessageReportRes>('message/report', token, {
      messageId: 'reply-9',
      conversationId: 'conv-9',
      model: 'deepseek_v3',
      category: 3,
      reason: '  回答里有辱骂的话  ',
      excerpt: '被举报的回答'.repeat(1000),
    });
    expect(r.body).toMatchObject({ code: 200, msg: MSG.reportSuccess });
    const rows = await t.ctx.database.db
      .select()
      .from(messageReports)
      .where(and(eq(messageReports.userId, user.id), eq(messageReports.id, r.body.data.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      messageId: 'reply-9',
      conversationId: 'conv-9',
      model: 'deepseek_v3',
      category: 3,
      reason: '回答里有辱骂的话',
    });
    expect(rows[0]!.excerpt.length).toBe(4_000);
  });

  it('refuses a report without a reason (请输入原因) or with a wrong category', async () => {
    const { token } = await t.loginAs();
    const cases: [unknown, string][] = [
      [{ messageId: 'm', category: 1, reason: '   ' }, MSG.reportReasonRequired],
      [{ messageId: 'm', category: 1 }, MSG.reportReasonRequired],
      [{ messageId: 'm', category: 6, reason: '原因' }, MSG.reportCategoryRequired],
      [{ messageId: 'm', category: '1', reason: '原因' }, MSG.reportCategoryRequired],
      [{ messageId: 'm', reason: '原因' }, MSG.reportCategoryRequired],
      [{ messageId: 'm', category: 5, reason: '长'.repeat(501) }, MSG.reportReasonTooLong],
      [{ category: 5, reason: '原因' }, MSG.feedbackMessageRequired],
    ];
    for (const [payload, msg] of cases) {
      const r = await post('message/report', token, payload);
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body).toMatchObject({ code: Code.BAD_REQUEST, msg });
    }
  });

  it('question.extend answers 3 to 5 related questions from the model (demo upstream)', async () => {
    const { token } = await t.loginAs();
    const r = await post<string[]>('free/question.extend', token, { question: '量子计算是什么？' });
    expect(r.body.code).toBe(200);
    expect(r.body.data.length).toBeGreaterThanOrEqual(3);
    expect(r.body.data.length).toBeLessThanOrEqual(5);
    for (const q of r.body.data) expect(q).toContain('量子计算');
    const empty = await post('free/question.extend', token, { question: '  ' });
    expect(empty).toMatchObject({ status: 400, body: { msg: MSG.followupQuestionRequired } });
  });
});
