import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, LIMITS, MSG } from '@wanxiang/contract';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { openTestDatabase, testDbKinds } from '../../../test/db';
import {
  addRecord,
  clearRecords,
  deleteRecord,
  getRecord,
  listRecords,
  renameRecord,
  savePrompt,
  saveReply,
  titleFromPrompt,
  type HistoryContext,
} from './service';
import { codeOf } from '../../../test/app-error';

const page = (over: Partial<{ page: number; rows: number; model: string; type: string; keyword: string }> = {}) => ({
  page: 1,
  rows: 20,
  ...over,
});

describe('titleFromPrompt', () => {
  it('keeps the first 30 characters, whitespace folded, and falls back to the default name', () => {
    expect(titleFromPrompt('  写一首\n关于春天的诗  ')).toBe('写一首 关于春天的诗');
    expect(titleFromPrompt('一'.repeat(50))).toBe('一'.repeat(30));
    expect(titleFromPrompt('😀'.repeat(40))).toBe('😀'.repeat(30));
    expect(titleFromPrompt('   ')).toBe(LIMITS.defaultSessionName);
  });
});

describe.each(testDbKinds())('history service on %s', (kind) => {
  let database: Database;
  let ctx: HistoryContext;

  async function newUser(): Promise<number> {
    const [row] = await database.db
      .insert(users)
      .values({ inviteCode: randomUUID().slice(0, 16) })
      .returning({ id: users.id });
    return row!.id;
  }

  /** A full exchange as the chat stream writes it. */
  async function exchange(userId: number, conversationId: string, prompt: string, answer: string, model = 'v35') {
    await savePrompt(ctx, userId, { id: conversationId, model }, { id: randomUUID(), content: prompt });
    return saveReply(ctx, userId, conversationId, {
      id: randomUUID(),
      content: answer,
      reasoning: '想一想',
      model,
      state: 'ok',
      promptTokens: 5,
      completionTokens: 7,
    });
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ctx = { database };
  });
  afterAll(async () => {
    await database?.close();
  });

  it('records an exchange: title from the first prompt, messages oldest first', async () => {
    const u = await newUser();
    expect(await exchange(u, 'c1', '什么是量子计算？请用简单的话解释一下它和经典计算的区别以及应用场景', '量子计算利用叠加。')).toBe(true);
    expect(await exchange(u, 'c1', '再举个例子', '比如因数分解。')).toBe(true);
    const rec = await getRecord(ctx, u, 'c1');
    expect(rec.title).toBe(titleFromPrompt('什么是量子计算？请用简单的话解释一下它和经典计算的区别以及应用场景'));
    expect(rec.messageCount).toBe(4);
    expect(rec.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', '什么是量子计算？请用简单的话解释一下它和经典计算的区别以及应用场景'],
      ['assistant', '量子计算利用叠加。'],
      ['user', '再举个例子'],
      ['assistant', '比如因数分解。'],
    ]);
    expect(rec.messages[1]).toMatchObject({ reasoning: '想一想', state: 'ok', model: 'v35' });
  });

  it('a conversation created empty takes its title from the first prompt only', async () => {
    const u = await newUser();
    const added = await addRecord(ctx, u, { id: 'empty', model: 'deepseek_v3' });
    expect(added).toMatchObject({ id: 'empty', title: LIMITS.defaultSessionName, messageCount: 0, model: 'deepseek_v3' });
    // Adding the same id again answers the existing conversation.
    expect((await addRecord(ctx, u, { id: 'empty', model: 'deepseek_v3', title: '别的' })).title).toBe(LIMITS.defaultSessionName);
    await exchange(u, 'empty', '第一问', '答');
    await exchange(u, 'empty', '第二问', '答');
    expect((await getRecord(ctx, u, 'empty')).title).toBe('第一问');
    const generated = await addRecord(ctx, u, { model: 'v35' });
    expect(generated.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists newest first with paging, model, type and keyword filters', async () => {
    const u = await newUser();
    for (let i = 1; i <= 5; i++) {
      await exchange(u, `p${i}`, `问题${i}`, '答', i % 2 ? 'v35' : 'deepseek_v3');
      await new Promise((r) => setTimeout(r, 5));
    }
    const first = await listRecords(ctx, u, page({ rows: 2 }));
    expect(first.total).toBe(5);
    expect(first.list.map((r) => r.id)).toEqual(['p5', 'p4']);
    expect((await listRecords(ctx, u, page({ rows: 2, page: 3 }))).list.map((r) => r.id)).toEqual(['p1']);
    // New activity moves a conversation to the top.
    await exchange(u, 'p2', '追问', '答', 'deepseek_v3');
    expect((await listRecords(ctx, u, page({ rows: 1 }))).list[0]!.id).toBe('p2');
    expect((await listRecords(ctx, u, page({ model: 'deepseek_v3' }))).list.map((r) => r.id)).toEqual(['p2', 'p4']);
    expect((await listRecords(ctx, u, page({ keyword: '问题3' }))).list.map((r) => r.id)).toEqual(['p3']);
    expect((await listRecords(ctx, u, page({ keyword: '%' }))).total).toBe(0);
    expect((await listRecords(ctx, u, page({ type: 'battle' }))).total).toBe(0);
    expect((await listRecords(ctx, u, page({ type: 'chat' }))).total).toBe(5);
  });

  it("another user's conversations are invisible and untouchable", async () => {
    const owner = await newUser();
    const other = await newUser();
    await exchange(owner, 'mine', '私密问题', '私密回答');
    expect(await codeOf(getRecord(ctx, other, 'mine'))).toBe(Code.NOT_FOUND);
    await expect(getRecord(ctx, other, 'mine')).rejects.toMatchObject({ message: MSG.recordNotFound });
    expect(await codeOf(renameRecord(ctx, other, { id: 'mine', title: '改名' }))).toBe(Code.NOT_FOUND);
    expect(await codeOf(deleteRecord(ctx, other, 'mine'))).toBe(Code.NOT_FOUND);
    expect((await listRecords(ctx, other, page())).total).toBe(0);
    expect(await clearRecords(ctx, other)).toEqual({ deleted: 0 });
    // A reply aimed at the owner's conversation id under another user lands nowhere.
    expect(await saveReply(ctx, other, 'mine', { id: 'x', content: '注入', model: 'v35', state: 'ok' })).toBe(false);
    // The other user's own conversation with the same id is a separate one.
    await exchange(other, 'mine', '我的同名会话', '答');
    const owners = await getRecord(ctx, owner, 'mine');
    expect(owners.title).toBe('私密问题');
    expect(owners.messages.map((m) => m.content)).toEqual(['私密问题', '私密回答']);
    expect((await getRecord(ctx, other, 'mine')).messages.map((m) => m.content)).toEqual(['我的同名会话', '答']);
  });

  it('renames, deletes one and clears all with their messages', async () => {
    const u = await newUser();
    const bystander = await newUser();
    await exchange(u, 'a', '问A', '答A');
    await exchange(u, 'b', '问B', '答B');
    await exchange(bystander, 'a', '旁人', '答');
    expect((await renameRecord(ctx, u, { id: 'a', title: '新名字' })).title).toBe('新名字');
    await deleteRecord(ctx, u, 'a');
    expect(await codeOf(getRecord(ctx, u, 'a'))).toBe(Code.NOT_FOUND);
    expect(await codeOf(deleteRecord(ctx, u, 'a'))).toBe(Code.NOT_FOUND);
    // Recreating the id starts empty: the old messages went with the conversation.
    await addRecord(ctx, u, { id: 'a', model: 'v35' });
    expect((await getRecord(ctx, u, 'a')).messages).toEqual([]);
    expect(await clearRecords(ctx, u)).toEqual({ deleted: 2 });
    expect((await listRecords(ctx, u, page())).total).toBe(0);
    const left = await getRecord(ctx, bystander, 'a');
    expect(left.messages).toHaveLength(2);
  });

  it('a reply for a conversation deleted mid-stream leaves no orphan; a rolled-back reply leaves nothing', async () => {
    const u = await newUser();
    await savePrompt(ctx, u, { id: 'gone', model: 'v35' }, { id: 'q', content: '问' });
    await deleteRecord(ctx, u, 'gone');
    expect(await saveReply(ctx, u, 'gone', { id: 'r', content: '答', model: 'v35', state: 'ok' })).toBe(false);
    await addRecord(ctx, u, { id: 'gone', model: 'v35' });
    expect((await getRecord(ctx, u, 'gone')).messages).toEqual([]);

    await savePrompt(ctx, u, { id: 'tx', model: 'v35' }, { id: 'q2', content: '问' });
    await expect(
      database.db.transaction(async (tx) => {
        await saveReply(ctx, u, 'tx', { id: 'r2', content: '答', model: 'v35', state: 'ok' }, tx);
        throw new Error('settle failed');
      }),
    ).rejects.toThrow('settle failed');
    const rec = await getRecord(ctx, u, 'tx');
    expect(rec.messageCount).toBe(1);
    expect(rec.messages.map((m) => m.role)).toEqual(['user']);
  });
});
