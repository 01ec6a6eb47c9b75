import { sql, type SQL } from 'drizzle-orm';
import type { TaskFile, TaskState } from '@wanxiang/contract';
import type { Executor } from '../../db/sql';

/**
 * SQL of the AIGC area. Checks and rewrites are rows of the task engine's `tasks` table (kinds
 * below); the library is files of the file store with purpose `aigc-doc`. No table of its own: a
 * rewrite names its check in its inputs (`checkId`), which the rewrite history reads back.
 */

export const AIGC_KINDS = { aigc: 'aigc:check', similarity: 'aigc:similarity', rewrite: 'aigc:rewrite' } as const;
export const AIGC_FILE_PURPOSE = 'aigc-doc';
const TERMINAL: TaskState[] = ['succeeded', 'failed', 'canceled'];

export interface AigcTaskRow {
  id: string;
  toolId: string;
  state: TaskState;
  progress: number;
  stage: string;
  error: string | null;
  inputs: Record<string, string | number | boolean>;
  result: { files: TaskFile[]; text?: string } | null;
  createdAt: Date;
}

interface Raw {
  id: string;
  tool_id: string;
  state: TaskState;
  progress: number;
  stage: string;
  error: string | null;
  inputs: Record<string, string | number | boolean> | null;
  result: AigcTaskRow['result'];
  created_at: Date | string;
}

const toRow = (r: Raw): AigcTaskRow => ({
  id: r.id,
  toolId: r.tool_id,
  state: r.state,
  progress: Number(r.progress),
  stage: r.stage,
  error: r.error,
  inputs: r.inputs ?? {},
  result: r.result,
  createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
});

async function select(db: Executor, where: SQL, tail: SQL = sql``): Promise<AigcTaskRow[]> {
  const res = (await db.execute(
    sql`SELECT id, tool_id, state, progress, stage, error, inputs, result, created_at FROM tasks WHERE ${where} ${tail}`,
  )) as unknown as { rows: Raw[] };
  return res.rows.map(toRow);
}

/** The user's own task of one of `kinds`, or undefined (another user's reads as absent). */
export async function selectOwnAigcTask(
  db: Executor,
  userId: number,
  id: string,
  kinds: readonly string[],
): Promise<AigcTaskRow | undefined> {
  const [row] = await select(
    db,
    sql`id = ${id} AND user_id = ${userId}::bigint AND tool_id IN (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
  return row;
}

/** The rewrites of one check, newest first. */
export async function selectRewrites(db: Executor, userId: number, checkId: string, limit = 200): Promise<AigcTaskRow[]> {
  return select(
    db,
    sql`user_id = ${userId}::bigint AND tool_id = ${AIGC_KINDS.rewrite} AND inputs->>'checkId' = ${checkId}`,
    sql`ORDER BY created_at DESC, id DESC LIMIT ${limit}::int`,
  );
}

/**
 * Delete ended tasks of the user matching `where` (live ones stay: a worker is on them and their
 * hold is still open); answers the ids of the result files they listed, for the file store.
 */
export async function deleteEndedTasks(db: Executor, userId: number, where: SQL): Promise<{ ids: string[]; fileIds: string[] }> {
  const res = (await db.execute(sql`DELETE FROM tasks WHERE user_id = ${userId}::bigint AND state IN (${sql.join(
    TERMINAL.map((s) => sql`${s}`),
    sql`, `,
  )}) AND ${where}
    RETURNING id, result`)) as unknown as { rows: { id: string; result: AigcTaskRow['result'] }[] };
  return { ids: res.rows.map((r) => r.id), fileIds: res.rows.flatMap((r) => r.result?.files.map((f) => f.id) ?? []) };
}

export const kindIs = (kind: string) => sql`tool_id = ${kind}`;
export const kindIn = (kinds: readonly string[]) =>
  sql`tool_id IN (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )})`;
export const idIs = (id: string) => sql`id = ${id}`;
export const rewritesOf = (checkId: string) => sql`tool_id = ${AIGC_KINDS.rewrite} AND inputs->>'checkId' = ${checkId}`;

// ---- the library (files of the file store)

export interface LibraryFileRow {
  id: string;
  name: string;
  contentType: string;
  bytes: number;
  createdAt: Date;
}

export async function selectLibraryFiles(db: Executor, userId: number): Promise<LibraryFileRow[]> {
  const res = (await db.execute(sql`SELECT id, name, content_type, bytes, created_at FROM files
    WHERE user_id = ${userId}::bigint AND purpose = ${AIGC_FILE_PURPOSE} ORDER BY created_at DESC, id DESC`)) as unknown as {
    rows: { id: string; name: string; content_type: string; bytes: number | string; created_at: Date | string }[];
  };
  return res.rows.map((r) => ({
    id: r.id,
    name: r.name,
    contentType: r.content_type,
    bytes: Number(r.bytes),
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
  }));
}
