import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatGroupComments, chatGroupMessages, chatGroups } from '../../db/schema';

/**
 * SQL of comparison sessions. Every statement ANDs the owner's userId into its WHERE, so a
 * group id of another user matches nothing and reads as "not found".
 */

export type Executor = Pick<Db, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;
export type GroupRow = typeof chatGroups.$inferSelect;
export type GroupMessageRow = typeof chatGroupMessages.$inferSelect;
export type GroupCommentRow = typeof chatGroupComments.$inferSelect;

const ownGroup = (userId: number, id: string) => and(eq(chatGroups.userId, userId), eq(chatGroups.id, id));
const ownMessages = (userId: number, groupId: string) => and(eq(chatGroupMessages.userId, userId), eq(chatGroupMessages.groupId, groupId));

export async function selectGroup(db: Executor, userId: number, id: string): Promise<GroupRow | undefined> {
  const rows = await db.select().from(chatGroups).where(ownGroup(userId, id)).limit(1);
  return rows[0];
}

export async function selectGroupPage(
  db: Executor,
  userId: number,
  offset: number,
  limit: number,
): Promise<{ rows: GroupRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(chatGroups)
      .where(eq(chatGroups.userId, userId))
      .orderBy(desc(chatGroups.updatedAt), desc(chatGroups.createdAt))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(chatGroups).where(eq(chatGroups.userId, userId)),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function selectGroupMessages(db: Executor, userId: number, groupId: string): Promise<GroupMessageRow[]> {
  return db.select().from(chatGroupMessages).where(ownMessages(userId, groupId)).orderBy(asc(chatGroupMessages.seq));
}

export interface NewGroup {
  id: string;
  title: string;
  models: string[];
  multiTurn: boolean;
}

/** Create the group unless the user already has one with this id; answers the row either way. */
export async function insertGroupIfAbsent(db: Executor, userId: number, g: NewGroup): Promise<GroupRow> {
  const inserted = await db
    .insert(chatGroups)
    .values({ userId, id: g.id, title: g.title, models: g.models, multiTurn: g.multiTurn })
    .onConflictDoNothing()
    .returning();
  const row = inserted[0] ?? (await selectGroup(db, userId, g.id));
  if (!row) throw new Error('group vanished while being created');
  return row;
}

export async function updateGroupModels(
  db: Executor,
  userId: number,
  id: string,
  models: string[],
  multiTurn: boolean | undefined,
): Promise<GroupRow | undefined> {
  const rows = await db
    .update(chatGroups)
    .set({ models, ...(multiTurn === undefined ? {} : { multiTurn }), updatedAt: sql`now()` })
    .where(ownGroup(userId, id))
    .returning();
  return rows[0];
}

/** Empty a group (its rounds and verdicts go), keeping its models: the panel's reset. */
export async function resetGroup(db: Db, userId: number, id: string, defaultTitle: string): Promise<GroupRow | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(chatGroups)
      .set({ messageCount: 0, title: defaultTitle, updatedAt: sql`now()` })
      .where(ownGroup(userId, id))
      .returning();
    if (!rows[0]) return undefined;
    await tx.delete(chatGroupMessages).where(ownMessages(userId, id));
    await tx.delete(chatGroupComments).where(and(eq(chatGroupComments.userId, userId), eq(chatGroupComments.groupId, id)));
    return rows[0];
  });
}

export async function deleteGroup(db: Db, userId: number, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.delete(chatGroups).where(ownGroup(userId, id)).returning({ id: chatGroups.id });
    if (!rows[0]) return false;
    await tx.delete(chatGroupMessages).where(ownMessages(userId, id));
    await tx.delete(chatGroupComments).where(and(eq(chatGroupComments.userId, userId), eq(chatGroupComments.groupId, id)));
    return true;
  });
}

export interface NewRoundMessage {
  id: string;
  role: 'user' | 'assistant';
  model: string;
  content: string;
  reasoning: string;
  state: string;
}

/**
 * Append one round (question and answers) to an existing group with the next round number,
 * bump its count, and give a still default-titled group the question as its title.
 * The group row is locked first so two rounds saved at once get distinct numbers.
 */
export async function insertRound(
  db: Db,
  userId: number,
  groupId: string,
  rows: NewRoundMessage[],
  title: string,
  defaultTitle: string,
): Promise<{ group: GroupRow; round: number } | undefined> {
  return db.transaction(async (tx) => {
    const locked = await tx.select({ id: chatGroups.id }).from(chatGroups).where(ownGroup(userId, groupId)).for('update');
    if (!locked[0]) return undefined;
    const [last] = await tx
      .select({ round: sql<number>`coalesce(max(${chatGroupMessages.round}), 0)::int` })
      .from(chatGroupMessages)
      .where(ownMessages(userId, groupId));
    const round = (last?.round ?? 0) + 1;
    await tx.insert(chatGroupMessages).values(rows.map((m) => ({ ...m, userId, groupId, round })));
    const [group] = await tx
      .update(chatGroups)
      .set({
        messageCount: sql`${chatGroups.messageCount} + ${rows.length}`,
        updatedAt: sql`now()`,
        title: sql`CASE WHEN ${chatGroups.messageCount} = 0 AND ${chatGroups.title} = ${defaultTitle} THEN ${title} ELSE ${chatGroups.title} END`,
      })
      .where(ownGroup(userId, groupId))
      .returning();
    return { group: group!, round };
  });
}

/** Remove the round whose question has this id; answers how many messages went. */
export async function deleteRound(db: Db, userId: number, groupId: string, questionId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [q] = await tx
      .select({ round: chatGroupMessages.round })
      .from(chatGroupMessages)
      .where(and(ownMessages(userId, groupId), eq(chatGroupMessages.id, questionId), eq(chatGroupMessages.role, 'user')))
      .limit(1);
    if (!q) return 0;
    const gone = await tx
      .delete(chatGroupMessages)
      .where(and(ownMessages(userId, groupId), eq(chatGroupMessages.round, q.round)))
      .returning({ seq: chatGroupMessages.seq });
    await tx
      .delete(chatGroupComments)
      .where(
        and(eq(chatGroupComments.userId, userId), eq(chatGroupComments.groupId, groupId), eq(chatGroupComments.messageId, questionId)),
      );
    await tx
      .update(chatGroups)
      .set({ messageCount: sql`greatest(${chatGroups.messageCount} - ${gone.length}, 0)`, updatedAt: sql`now()` })
      .where(ownGroup(userId, groupId));
    return gone.length;
  });
}

/** The models that answered the round whose question has this id (empty when there is no such round). */
export async function selectRoundModels(db: Executor, userId: number, groupId: string, questionId: string): Promise<string[]> {
  const [q] = await db
    .select({ round: chatGroupMessages.round })
    .from(chatGroupMessages)
    .where(and(ownMessages(userId, groupId), eq(chatGroupMessages.id, questionId), eq(chatGroupMessages.role, 'user')))
    .limit(1);
  if (!q) return [];
  const rows = await db
    .select({ model: chatGroupMessages.model })
    .from(chatGroupMessages)
    .where(and(ownMessages(userId, groupId), eq(chatGroupMessages.round, q.round), eq(chatGroupMessages.role, 'assistant')));
  return rows.map((r) => r.model);
}

export interface NewComment {
  groupId: string;
  messageId: string;
  model: string;
  score: number;
  content: string;
}

/** One verdict per round: a second submit replaces the first. */
export async function upsertComment(db: Db, userId: number, c: NewComment): Promise<GroupCommentRow> {
  return db.transaction(async (tx) => {
    await tx
      .delete(chatGroupComments)
      .where(
        and(eq(chatGroupComments.userId, userId), eq(chatGroupComments.groupId, c.groupId), eq(chatGroupComments.messageId, c.messageId)),
      );
    const [row] = await tx
      .insert(chatGroupComments)
      .values({ userId, ...c })
      .returning();
    return row!;
  });
}

export async function selectComments(db: Executor, userId: number, groupId: string): Promise<GroupCommentRow[]> {
  return db
    .select()
    .from(chatGroupComments)
    .where(and(eq(chatGroupComments.userId, userId), eq(chatGroupComments.groupId, groupId)))
    .orderBy(asc(chatGroupComments.createdAt), asc(chatGroupComments.id));
}
