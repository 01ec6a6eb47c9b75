import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TaskFile, TaskState } from '@wanxiang/contract';
import type { Db } from '../../db/client';
import { imgPublishes, tasks } from '../../db/schema';
import type { ImgTask } from './images';

/**
 * SQL of the image calls over the task engine's `tasks` table: the caller's image tasks by tool
 * (and day), and the deletion of an ended one. Every statement ANDs the owner into its WHERE, so
 * another user's task id matches nothing. State changes of live tasks stay the engine's.
 */

const TERMINAL: TaskState[] = ['succeeded', 'failed', 'canceled'];

const columns = {
  id: tasks.id,
  toolId: tasks.toolId,
  state: tasks.state,
  progress: tasks.progress,
  stage: tasks.stage,
  error: tasks.error,
  result: tasks.result,
  inputs: tasks.inputs,
  createdAt: tasks.createdAt,
};

type Selected = { [K in keyof typeof columns]: unknown } & { id: string; toolId: string; createdAt: Date };

function toTask(r: Selected): ImgTask {
  return {
    id: r.id,
    toolId: r.toolId,
    state: r.state as TaskState,
    progress: Number(r.progress),
    stage: String(r.stage ?? ''),
    error: (r.error as string | null) ?? null,
    result: (r.result as { files: TaskFile[] } | null) ?? null,
    inputs: (r.inputs as ImgTask['inputs']) ?? {},
    createdAt: r.createdAt,
  };
}

export interface ImgTaskFilter {
  userId: number;
  toolIds: readonly string[];
  /** Only succeeded tasks (the creations gallery), else every state (the QR and matting lists). */
  succeededOnly?: boolean;
  /** A business day 'YYYY-MM-DD' in `timeZone`. */
  date?: string;
  timeZone?: string;
}

function where(f: ImgTaskFilter): SQL {
  const conds: SQL[] = [eq(tasks.userId, f.userId), inArray(tasks.toolId, [...f.toolIds])];
  if (f.succeededOnly) conds.push(eq(tasks.state, 'succeeded'));
  if (f.date) conds.push(sql`(${tasks.createdAt} AT TIME ZONE ${f.timeZone ?? 'UTC'})::date = ${f.date}::date`);
  return and(...conds)!;
}

/** Status of a published picture an operator took off the square (admin moderation). */
const TAKEN_DOWN = 5;

export type ImgTaskWithPublish = ImgTask & { publishedId: number | null; takedownReason: string | null };

/** The caller's tasks of these tools, newest first, with the square's id of each one published (and an operator's takedown reason). */
export async function listImgTasks(db: Db, f: ImgTaskFilter, limit: number, offset: number): Promise<{ list: ImgTaskWithPublish[]; total: number }> {
  if (f.toolIds.length === 0) return { list: [], total: 0 };
  const cond = where(f);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...columns, publishedId: imgPublishes.id, publishStatus: imgPublishes.status, takedownReason: imgPublishes.takedownReason })
      .from(tasks)
      .leftJoin(imgPublishes, eq(imgPublishes.taskId, tasks.id))
      .where(cond)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(tasks).where(cond),
  ]);
  return {
    list: rows.map((r) => ({
      ...toTask(r),
      publishedId: r.publishedId === null ? null : Number(r.publishedId),
      takedownReason: r.publishStatus === TAKEN_DOWN ? (r.takedownReason ?? '') : null,
    })),
    total: Number(total?.n ?? 0),
  };
}

/**
 * Delete the owner's task once it has ended (its published row, likes and reports go with it by
 * the foreign keys); answers its result files so the caller deletes their bytes, or null when no
 * ended task of theirs has that id.
 */
export async function deleteEndedTask(db: Db, userId: number, id: string): Promise<{ files: TaskFile[] } | null> {
  const rows = await db
    .delete(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId), inArray(tasks.state, TERMINAL)))
    .returning({ result: tasks.result });
  if (rows.length === 0) return null;
  return { files: (rows[0]!.result as { files: TaskFile[] } | null)?.files ?? [] };
}
