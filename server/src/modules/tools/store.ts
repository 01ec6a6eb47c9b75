import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { toolRuns } from '../../db/schema';

/** SQL of prompt-tool runs (table tool_runs). Every read and delete carries the owner in its WHERE. */

export type Executor = Pick<Db, 'select' | 'insert' | 'delete'>;
export type ToolRunRow = typeof toolRuns.$inferSelect;

export async function insertRun(db: Executor, row: Omit<ToolRunRow, 'createdAt'>): Promise<void> {
  await db.insert(toolRuns).values(row);
}

export async function selectOwnRun(db: Executor, userId: number, runId: string): Promise<ToolRunRow | undefined> {
  const rows = await db
    .select()
    .from(toolRuns)
    .where(and(eq(toolRuns.id, runId), eq(toolRuns.userId, userId)))
    .limit(1);
  return rows[0];
}

/**
 * One page of the user's runs, newest first, and how many there are: of some tools (a tool's
 * history, a group's: 翻译记录), or of every tool when toolIds is null (the data board's recent runs).
 */
export async function listOwnRuns(db: Executor, userId: number, toolIds: readonly string[] | null, limit: number, offset: number): Promise<{ list: ToolRunRow[]; total: number }> {
  if (toolIds !== null && toolIds.length === 0) return { list: [], total: 0 };
  const where = toolIds === null ? eq(toolRuns.userId, userId) : and(eq(toolRuns.userId, userId), inArray(toolRuns.toolId, [...toolIds]));
  const [list, totals] = await Promise.all([
    db.select().from(toolRuns).where(where).orderBy(desc(toolRuns.createdAt), desc(toolRuns.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(toolRuns).where(where),
  ]);
  return { list, total: Number(totals[0]?.n ?? 0) };
}

/** Delete the user's own run; false when there was none (absent, or someone else's). */
export async function deleteOwnRun(db: Executor, userId: number, runId: string): Promise<boolean> {
  const rows = await db
    .delete(toolRuns)
    .where(and(eq(toolRuns.id, runId), eq(toolRuns.userId, userId)))
    .returning({ id: toolRuns.id });
  return rows.length > 0;
}
