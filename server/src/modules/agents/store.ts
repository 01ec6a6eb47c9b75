import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agentCollects, agentRecords, userAgents } from '../../db/schema';

/**
 * SQL of user agents, agent records and collections. Every write and every private read names
 * the caller's user id in its WHERE, so one user never touches another's rows.
 */
export type Executor = Pick<Db, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;
export type UserAgentRow = typeof userAgents.$inferSelect;
export type NewUserAgent = typeof userAgents.$inferInsert;
export type AgentRecordRow = typeof agentRecords.$inferSelect;
export type RecordMessage = AgentRecordRow['messages'][number];

const LISTED = 1;

function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function insertUserAgent(db: Executor, row: NewUserAgent): Promise<UserAgentRow> {
  const [saved] = await db.insert(userAgents).values(row).returning();
  return saved!;
}

export async function countUserAgents(db: Executor, userId: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(userAgents).where(eq(userAgents.userId, userId));
  return r?.n ?? 0;
}

export async function selectUserAgent(db: Executor, sn: string): Promise<UserAgentRow | undefined> {
  const [row] = await db.select().from(userAgents).where(eq(userAgents.sn, sn)).limit(1);
  return row;
}

export async function selectUserAgents(db: Executor, sns: string[]): Promise<UserAgentRow[]> {
  if (sns.length === 0) return [];
  return db.select().from(userAgents).where(inArray(userAgents.sn, sns));
}

export async function selectMine(db: Executor, userId: number, offset: number, limit: number): Promise<{ rows: UserAgentRow[]; total: number }> {
  const where = eq(userAgents.userId, userId);
  const rows = await db.select().from(userAgents).where(where).orderBy(desc(userAgents.createdAt), desc(userAgents.sn)).offset(offset).limit(limit);
  const [t] = await db.select({ n: count() }).from(userAgents).where(where);
  return { rows, total: t?.n ?? 0 };
}

export async function selectPublics(db: Executor, keyword: string | undefined, offset: number, limit: number): Promise<{ rows: UserAgentRow[]; total: number }> {
  const listed = and(eq(userAgents.isPublic, true), eq(userAgents.status, LISTED));
  const where = keyword
    ? and(listed, or(ilike(userAgents.name, likePattern(keyword)), ilike(userAgents.description, likePattern(keyword))))
    : listed;
  const rows = await db.select().from(userAgents).where(where).orderBy(desc(userAgents.uses), desc(userAgents.createdAt)).offset(offset).limit(limit);
  const [t] = await db.select({ n: count() }).from(userAgents).where(where);
  return { rows, total: t?.n ?? 0 };
}

/** Deletes the caller's own agent; answers whether one was deleted. */
export async function deleteOwnAgent(db: Executor, userId: number, sn: string): Promise<boolean> {
  const rows = await db.delete(userAgents).where(and(eq(userAgents.sn, sn), eq(userAgents.userId, userId))).returning({ sn: userAgents.sn });
  return rows.length > 0;
}

export async function bumpUses(db: Executor, sn: string): Promise<void> {
  await db.update(userAgents).set({ uses: sql`${userAgents.uses} + 1` }).where(eq(userAgents.sn, sn));
}

/** Append messages to the caller's record of one conversation, creating it on first use. */
export async function appendRecord(
  db: Executor,
  userId: number,
  agentId: string,
  conversationId: string,
  title: string,
  messages: RecordMessage[],
): Promise<AgentRecordRow> {
  const [row] = await db
    .insert(agentRecords)
    .values({ userId, agentId, conversationId, title, messages })
    .onConflictDoUpdate({
      target: [agentRecords.userId, agentRecords.conversationId],
      set: { messages: sql`${agentRecords.messages} || excluded.messages`, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function selectRecordByConversation(db: Executor, userId: number, conversationId: string): Promise<AgentRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(agentRecords)
    .where(and(eq(agentRecords.userId, userId), eq(agentRecords.conversationId, conversationId)))
    .limit(1);
  return row;
}

export async function selectRecords(
  db: Executor,
  userId: number,
  agentId: string | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: Omit<AgentRecordRow, 'messages' | 'userId' | 'createdAt'>[]; total: number }> {
  const where = agentId ? and(eq(agentRecords.userId, userId), eq(agentRecords.agentId, agentId)) : eq(agentRecords.userId, userId);
  const rows = await db
    .select({ id: agentRecords.id, agentId: agentRecords.agentId, conversationId: agentRecords.conversationId, title: agentRecords.title, updatedAt: agentRecords.updatedAt })
    .from(agentRecords)
    .where(where)
    .orderBy(desc(agentRecords.updatedAt), desc(agentRecords.id))
    .offset(offset)
    .limit(limit);
  const [t] = await db.select({ n: count() }).from(agentRecords).where(where);
  return { rows, total: t?.n ?? 0 };
}

export async function selectOwnRecord(db: Executor, userId: number, id: number): Promise<AgentRecordRow | undefined> {
  const [row] = await db.select().from(agentRecords).where(and(eq(agentRecords.id, id), eq(agentRecords.userId, userId))).limit(1);
  return row;
}

export async function deleteOwnRecord(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(agentRecords).where(and(eq(agentRecords.id, id), eq(agentRecords.userId, userId))).returning({ id: agentRecords.id });
  return rows.length > 0;
}

export async function selectCollectedSns(db: Executor, userId: number): Promise<string[]> {
  const rows = await db.select({ sn: agentCollects.sn }).from(agentCollects).where(eq(agentCollects.userId, userId)).orderBy(desc(agentCollects.createdAt));
  return rows.map((r) => r.sn);
}

/** Toggle a collection; answers whether the agent is collected afterwards. */
export async function toggleCollect(db: Executor, userId: number, sn: string): Promise<boolean> {
  const removed = await db.delete(agentCollects).where(and(eq(agentCollects.userId, userId), eq(agentCollects.sn, sn))).returning({ sn: agentCollects.sn });
  if (removed.length > 0) return false;
  await db.insert(agentCollects).values({ userId, sn }).onConflictDoNothing();
  return true;
}
