import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, MSG, STREAM_ERROR_CODES, type Envelope, type RecordDataRes } from '@wanxiang/contract';
import { listeningDemoApp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { dataOf, namesOf, postChat, reattachStream, textOf, type ChatCall } from '../../../test/sse-client';
import { quotaUsage } from '../quota/service';

/**
 * Resumable answers (issue 17, API.md "Resuming an answer"): every event of a chat answer carries an
 * SSE id; a reader that leaves does not stop the answer; GET /api/v1/chat/stream/{messageId} with
 * Last-Event-ID gives exactly the events after that id, then the live ones; only the answer's own
 * user finds it; the pay rule holds (delivered text is paid once, whether read live, re-attached
 * or never read again). Across processes over Redis: server/test/multi-process.test.ts.
 */
describe.each(testDbKinds())('resumable answers on %s', (kind) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    ({ t, base } = await listeningDemoApp(kind, { DEMO_TOKEN_DELAY_MS: '2', ANSWER_LOG_POLL_MS: '20' }));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const idsOf = (call: ChatCall) => call.events.map((e) => Number(e.id));
  const history = async (token: string, conversationId: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/v1/chat/record/data', headers: { token }, payload: { id: conversationId } })).json<Envelope<RecordDataRes>>();

  it('cut after 30 of 120 text events, re-attached with Last-Event-ID: exactly the other 90 and done; paid once', async () => {
    const { token, user } = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '数到一百二 [demo:tokens=120][demo:delay=15]', conversationId: 'resume-1' }, token);
    await call.waitForCount('text', 30);
    call.abort();
    // meta is id 1, the 30 texts 2..31, each id one more than the last.
    const seen = call.events.slice(0, 31);
    expect(idsOf({ ...call, events: seen })).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    const { messageId } = dataOf(call, 'meta')!;

    const again = await reattachStream(base, messageId, token, 31);
    expect(again.status).toBe(200);
    await again.finished;
    expect(namesOf(again)).toEqual([...Array<string>(90).fill('text'), 'done']);
    expect(idsOf(again)).toEqual(Array.from({ length: 91 }, (_, i) => i + 32));
    const whole = textOf({ ...call, events: seen }) + textOf(again);
    // The answer went on without its reader and was saved whole, paid once.
    await expect.poll(() => quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 1, reserved: 0 });
    const reply = (await history(token, 'resume-1')).data.messages.find((m) => m.id === messageId)!;
    expect([reply.state, reply.content]).toEqual(['ok', whole]);

    // A second tab re-attaching from the start after the end gets the whole answer again, ids and all.
    const tab = await reattachStream(base, messageId, token);
    await tab.finished;
    expect(namesOf(tab)).toEqual(['meta', ...Array<string>(120).fill('text'), 'done']);
    expect(textOf(tab)).toBe(whole);
    expect(await quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 1, reserved: 0 });
  });

  it('a reader re-attached while the answer streams gets the rest live, up to done', async () => {
    const { token } = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '慢慢说 [demo:tokens=40][demo:delay=25]' }, token);
    await call.waitForCount('text', 5);
    const { messageId } = dataOf(call, 'meta')!;
    // Two readers at once: the first stays, a second tab joins from the start.
    const tab = await reattachStream(base, messageId, token, 0);
    await Promise.all([call.finished, tab.finished]);
    expect(namesOf(tab)).toEqual(namesOf(call));
    expect(textOf(tab)).toBe(textOf(call));
    expect(idsOf(tab)).toEqual(idsOf(call));
    // The live reader's text arrived before the re-attached one's end (it followed, it did not wait for the end).
    expect(tab.events.find((e) => e.event.event === 'text' && Number(e.id) > 30)!.at).toBeLessThan(call.events.at(-1)!.at + 50);
  });

  it('the reader leaving before any text does not stop the answer: it ends, is saved and paid once', async () => {
    const { token, user } = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '想一想 [demo:slow-first-byte=400][demo:tokens=3]', conversationId: 'resume-2' }, token);
    const { messageId } = dataOf(call, 'meta') ?? ((await call.waitFor('meta')).event.data as { messageId: string });
    call.abort();
    await expect.poll(() => quotaUsage(t.ctx, user.id, 'chat'), { timeout: 5_000 }).toEqual({ used: 1, reserved: 0 });
    const back = await reattachStream(base, messageId, token, 1);
    await back.finished;
    expect(namesOf(back)).toEqual(['text', 'text', 'text', 'done']);
    expect((await history(token, 'resume-2')).data.messages.find((m) => m.id === messageId)?.content).toBe(textOf(back));
  });

  it('a stop asked while a re-attached reader follows: both readers end with done marked stopped; paid once', async () => {
    const { token, user } = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '一直说 [demo:never-end]' }, token);
    await call.waitForCount('text', 3);
    const { messageId } = dataOf(call, 'meta')!;
    const tab = await reattachStream(base, messageId, token, 2);
    await tab.waitForCount('text', 3);
    await t.app.inject({ method: 'POST', url: '/api/v1/chat/stop', headers: { token }, payload: { messageId } });
    await Promise.all([call.finished, tab.finished]);
    expect(call.events.at(-1)!.event).toMatchObject({ event: 'done', data: { messageId, stopped: true } });
    expect(tab.events.at(-1)!.event).toMatchObject({ event: 'done', data: { messageId, stopped: true } });
    expect(textOf(tab)).toBe(textOf(call).slice(textOf({ ...call, events: call.events.slice(0, 2) }).length));
    await expect.poll(() => quotaUsage(t.ctx, user.id, 'chat')).toEqual({ used: 1, reserved: 0 });
  });

  it("another user's re-attach finds nothing; a visitor 401; a bad Last-Event-ID 400; an unknown answer 404", async () => {
    const owner = await t.loginAs();
    const other = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '说三句 [demo:tokens=3]' }, owner.token);
    await call.finished;
    const { messageId } = dataOf(call, 'meta')!;

    const stranger = await reattachStream(base, messageId, other.token, 0);
    expect(stranger.status).toBe(404);
    expect(stranger.envelope).toEqual({ code: Code.NOT_FOUND, msg: MSG.answerNotFound, data: null });
    expect(stranger.events).toEqual([]);
    const visitor = await reattachStream(base, messageId, undefined, 0);
    expect(visitor.status).toBe(401);
    const bad = await reattachStream(base, messageId, owner.token, 'abc');
    expect([bad.status, bad.envelope?.msg]).toEqual([400, MSG.answerBadEventId]);
    expect((await reattachStream(base, 'no-such-answer', owner.token)).status).toBe(404);
    // Past the last id: only... nothing more to send; the answer has ended, so the stream ends at once.
    const past = await reattachStream(base, messageId, owner.token, 5);
    await past.finished;
    expect(past.events).toEqual([]);
  });
});

describe('a log that no longer holds the events a reader needs', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    ({ t, base } = await listeningDemoApp('pglite', { DEMO_TOKEN_DELAY_MS: '1', ANSWER_LOG_MAX_EVENTS: '20', ANSWER_LOG_POLL_MS: '20' }));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers one error telling the reader to read history, not a gap in the text', async () => {
    const { token } = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '说很多 [demo:tokens=100]' }, token);
    await call.finished;
    const { messageId } = dataOf(call, 'meta')!;
    const late = await reattachStream(base, messageId, token, 3);
    await late.finished;
    expect(namesOf(late)).toEqual(['error']);
    expect(dataOf(late, 'error')).toEqual({ code: STREAM_ERROR_CODES.resumeGone, msg: MSG.answerResumeGone });
    // The newest events are still there for a reader that saw almost everything.
    const near = await reattachStream(base, messageId, token, 100);
    await near.finished;
    expect(namesOf(near)).toEqual(['text', 'done']);
  });
});
