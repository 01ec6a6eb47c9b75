import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, STREAM_ERROR_CODES, type Envelope, type RecordDataRes } from '@wanxiang/contract';
import { listeningDemoApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { dataOf, namesOf, postChat, textOf } from '../../../test/sse-client';
import { quotaUsage } from '../quota/service';

/**
 * POST /api/v1/chat/stop {messageId}: the user stops one of their answers by the messageId of its
 * `meta` event (the stop button: a chat answer outlives its reader, so only this stops it). The one
 * pay rule: text delivered -> one count, the reply kept as far as it went, `done` marked stopped;
 * nothing delivered -> nothing charged, an `error` of code 499. Only the
 * answer's own user can stop it. Across processes (over Redis): server/test/multi-process.test.ts.
 */
describe.each(testDbKinds())('stopping an answer by its messageId on %s', (kind) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    ({ t, base } = await listeningDemoApp(kind, { DEMO_TOKEN_DELAY_MS: '5' }));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const stop = async (token: string | undefined, body: unknown) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/chat/stop', headers: token ? { token } : {}, payload: body as object });
    return { status: res.statusCode, body: res.json<Envelope<null>>() };
  };

  it('an answer that delivered text stops at once, is charged one count and kept as far as it went', async () => {
    const { token, user } = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '一直说 [demo:never-end]', conversationId: 'stop-1' }, token);
    await call.waitForCount('text', 3);
    const { messageId } = dataOf(call, 'meta')!;

    expect(await stop(token, { messageId })).toEqual({ status: 200, body: { code: 200, msg: MSG.stopSuccess, data: null } });
    await call.finished;
    // The answer ends with `done`, marked stopped: the reader (and any re-attached one) knows it was kept.
    expect(namesOf(call).filter((n) => n !== 'text')).toEqual(['meta', 'done']);
    expect(dataOf(call, 'done')).toMatchObject({ messageId, stopped: true });
    await expect.poll(() => quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 1, reserved: 0 });
    const rec = (
      await t.app.inject({ method: 'POST', url: '/api/v1/chat/record/data', headers: { token }, payload: { id: 'stop-1' } })
    ).json<Envelope<RecordDataRes>>();
    const reply = rec.data.messages.find((m) => m.id === messageId)!;
    expect([reply.state, reply.content]).toEqual(['ok', textOf(call)]);
  });

  it('an answer stopped before any text is not charged', async () => {
    const { token, user } = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '慢慢想 [demo:slow-first-byte=10000]' }, token);
    const { messageId } = (await call.waitFor('meta')).event.data as { messageId: string };
    expect((await stop(token, { messageId })).body.code).toBe(Code.OK);
    await call.finished;
    expect(namesOf(call)).toEqual(['meta', 'error']);
    expect(dataOf(call, 'error')).toEqual({ code: STREAM_ERROR_CODES.stopped, msg: MSG.answerStoppedEmpty });
    await expect.poll(() => quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 0, reserved: 0 });
  });

  it("only the answer's own user stops it; bad calls answer the envelope", async () => {
    const owner = await t.loginAs();
    const other = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '一直说 [demo:never-end]' }, owner.token);
    await call.waitForCount('text', 2);
    const { messageId } = dataOf(call, 'meta')!;
    // Another user's stop names another answer: this one streams on.
    expect((await stop(other.token, { messageId })).body.code).toBe(Code.OK);
    const seen = call.events.length;
    await expect.poll(() => call.events.length, { timeout: 2_000 }).toBeGreaterThan(seen + 3);

    expect(await stop(undefined, { messageId })).toMatchObject({ status: 401 });
    expect(await stop(owner.token, {})).toMatchObject({ status: 400, body: { code: Code.BAD_REQUEST } });
    expect(await stop(owner.token, { messageId: 'x'.repeat(65) })).toMatchObject({ status: 400, body: { code: Code.BAD_REQUEST } });
    // An answer that already ended, or none, is left as it is.
    expect((await stop(owner.token, { messageId: 'no-such-answer' })).body.code).toBe(Code.OK);

    await stop(owner.token, { messageId });
    await call.finished;
    expect(call.events.at(-1)!.event).toMatchObject({ event: 'done', data: { stopped: true } });
  });
});
