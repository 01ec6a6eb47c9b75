import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageReports, messageVotes } from '../../db/schema';

/** SQL of message feedback. Every statement carries the owner's userId. */

export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export type VoteRow = typeof messageVotes.$inferSelect;
export type NewReport = Omit<typeof messageReports.$inferInsert, 'id' | 'createdAt'>;

// ---- Query

export async function selectVote(db: Executor, userId: number, messageId: string): Promise<VoteRow | undefined> {
  const rows = await db
    .select()
    .from(messageVotes)
    .where(and(eq(messageVotes.userId, userId), eq(messageVotes.messageId, messageId)))
    .limit(1);
  return rows[0];
}

// ---- Create / Update

/** One vote per user and message: a second vote replaces the first. */
export async function upsertVote(db: Executor, userId: number, messageId: string, model: string, vote: 1 | -1): Promise<void> {
  await db
    .insert(messageVotes)
    .values({ userId, messageId, model, vote })
    .onConflictDoUpdate({
      target: [messageVotes.userId, messageVotes.messageId],
      set: { vote, model, updatedAt: new Date() },
    });
}

export async function insertReport(db: Executor, report: NewReport): Promise<number> {
  const rows = await db.insert(messageReports).values(report).returning({ id: messageReports.id });
  return rows[0]!.id;
}

// ---- Delete

export async function deleteVote(db: Executor, userId: number, messageId: string): Promise<void> {
  await db.delete(messageVotes).where(and(eq(messageVotes.userId, userId), eq(messageVotes.messageId, messageId)));
}
