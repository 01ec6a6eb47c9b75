import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pptTasks } from '../../db/schema';

/** SQL of slide tasks made before the task engine (table ppt_tasks, read only now). Every read and update carries the owner in its WHERE. */

export type Executor = Pick<Db, 'select' | 'insert' | 'update'>;
export type PptTaskRow = typeof pptTasks.$inferSelect;

export async function selectOwnTask(db: Executor, userId: number, taskId: string): Promise<PptTaskRow | undefined> {
  const rows = await db
    .select()
    .from(pptTasks)
    .where(and(eq(pptTasks.taskId, taskId), eq(pptTasks.userId, userId)))
    .limit(1);
  return rows[0];
}

/**
 * Mark the task failed if it is still queued or building and untouched since `before` (its build
 * died with its process). Conditional, so a build finishing at that moment keeps its result.
 */
export async function failStaleTask(
  db: Executor,
  userId: number,
  taskId: string,
  before: Date,
  error: string,
): Promise<PptTaskRow | undefined> {
  const rows = await db
    .update(pptTasks)
    .set({ status: 3, error, updatedAt: sql`now()` })
    .where(and(eq(pptTasks.taskId, taskId), eq(pptTasks.userId, userId), inArray(pptTasks.status, [0, 1]), lt(pptTasks.updatedAt, before)))
    .returning();
  return rows[0];
}
