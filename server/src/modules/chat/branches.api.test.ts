import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Envelope, RecordDataRes, RecordListRes } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { loadCatalog } from '../../catalog';
import { createLlmGateway } from '../../llm/gateway';
import { dataOf, postChat } from './testing/sse-client';

/**
 * Branches (issue 17): each question carries the message it follows (`parentId`), an answer follows its
 * question, a question asked again under its own id (regenerate) adds only a sibling answer, and
 * record/data gives the whole tree back.
 */
const ENV = { DEMO_TOKEN_DELAY_MS: '1', CHAT_HEARTBEAT_MS: '40' };

describe.each(testDbKinds())('chat branches on %s', (kind) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    const catalog = loadCatalog();
    const llm = await createLlmGateway(testConfig(ENV), catalog, pino({ level: 'silent' }));
    t = await createTestApp(kind, { env: ENV, overrides: { catalog, llm } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const api = async <T>(url: string, token: string, payload: unknown = {}) =>
    (await t.app.inject({ method: 'POST', url, headers: { token }, payload: payload as object })).json<Envelope<T>>();

  /** Asks one question and answers the reply's id (the `meta` messageId). */
  async function ask(token: string, body: Record<string, unknown>): Promise<string> {
    const call = await postChat(base, 'deepseek_v3', { conversationId: 'tree-1', ...body }, token);
    await call.finished;
    expect(call.status).toBe(200);
    return dataOf(call, 'meta')!.messageId as string;
  }

  it('saves parentId, keeps a regenerated question once, and record/data returns the tree', async () => {
    const { token } = await t.loginAs();
    const r1 = await ask(token, { prompt: '第一个问题', messageId: 'q1', parentId: '' });
    // Regenerate: the same question again under its id; an edit: a sibling question.
    const r2 = await ask(token, { prompt: '第一个问题', messageId: 'q1', parentId: '' });
    const r3 = await ask(token, { prompt: '改过的问题', messageId: 'q1b', parentId: '' });
    // The conversation goes on from the first answer.
    const r4 = await ask(token, { prompt: '接着问', messageId: 'q2', parentId: r1 });

    const rec = await api<RecordDataRes>('/api/v1/chat/record/data', token, { id: 'tree-1' });
    expect(rec.code).toBe(200);
    expect(rec.data.messages.map((m) => [m.id, m.role, m.parentId])).toEqual([
      ['q1', 'user', ''],
      [r1, 'assistant', 'q1'],
      [r2, 'assistant', 'q1'],
      ['q1b', 'user', ''],
      [r3, 'assistant', 'q1b'],
      ['q2', 'user', r1],
      [r4, 'assistant', 'q2'],
    ]);
    // The question asked twice counts once; the title stays the first question's.
    const list = await api<RecordListRes>('/api/v1/chat/record/list', token, { page: 1 });
    expect(list.data.list[0]).toMatchObject({ id: 'tree-1', title: '第一个问题', messageCount: 7 });
  });

  it('a question sent without parentId is saved as before (no parentId on the question)', async () => {
    const { token } = await t.loginAs();
    const call = await postChat(base, 'deepseek_v3', { prompt: '老的客户端', conversationId: 'flat-1', messageId: 'f1' }, token);
    await call.finished;
    const rec = await api<RecordDataRes>('/api/v1/chat/record/data', token, { id: 'flat-1' });
    expect(rec.data.messages[0]).not.toHaveProperty('parentId');
    expect(rec.data.messages[1]!.parentId).toBe('f1');
  });
});
