import { sql, type SQL } from 'drizzle-orm';
import type { TaskFile, TaskState } from '@wanxiang/contract';
import type { Executor } from '../db/sql';
import type { TaskHold, TaskResult, TaskRow } from './types';

/**
 * SQL of the task engine. Every state change is one conditional statement on the row, so two
 * processes (or a worker and the sweep) racing for the same task never both act on it.
 */

const COLUMNS = sql`id, user_id, tool_id, state, progress, stage, inputs, vendor, result, error, attempts, max_attempts, hold,
  lease_owner, lease_until, deadline, created_at, started_at, updated_at, finished_at`;

interface RawRow {
  id: string;
  user_id: number | string;
  tool_id: string;
  state: TaskState;
  progress: number;
  stage: string;
  inputs: Record<string, string | number | boolean>;
  vendor: unknown;
  result: TaskResult | null;
  error: string | null;
  attempts: number;
  max_attempts: number;
  hold: TaskHold | null;
  lease_owner: string | null;
  lease_until: Date | string | null;
  deadline: Date | string;
  created_at: Date | string;
  started_at: Date | string | null;
  updated_at: Date | string;
  finished_at: Date | string | null;
}

const date = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const maybeDate = (v: Date | string | null): Date | null => (v === null ? null : date(v));

function toRow(r: RawRow): TaskRow {
  return {
    id: r.id,
    userId: Number(r.user_id),
    toolId: r.tool_id,
    state: r.state,
    progress: Number(r.progress),
    stage: r.stage,
    inputs: r.inputs ?? {},
    vendor: r.vendor,
    result: r.result,
    error: r.error,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    hold: r.hold,
    leaseOwner: r.lease_owner,
    leaseUntil: maybeDate(r.lease_until),
    deadline: date(r.deadline),
    createdAt: date(r.created_at),
    startedAt: maybeDate(r.started_at),
    updatedAt: date(r.updated_at),
    finishedAt: maybeDate(r.finished_at),
  };
}

async function rows(db: Executor, query: SQL): Promise<TaskRow[]> {
  const res = (await db.execute(query)) as unknown as { rows: RawRow[] };
  return res.rows.map(toRow);
}

async function count(db: Executor, query: SQL): Promise<number> {
  const res = (await db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(res.rows[0]?.n ?? 0);
}

const ms = (n: number) => sql`${Math.round(n)}::int * interval '1 millisecond'`;

// ---- Create

export interface NewTask {
  id: string;
  userId: number;
  toolId: string;
  inputs: Record<string, string | number | boolean>;
  hold: TaskHold | null;
  stage: string;
  timeoutMs: number;
  maxAttempts: number;
}

export async function insertTask(db: Executor, t: NewTask): Promise<TaskRow> {
  const out = await rows(
    db,
    sql`INSERT INTO tasks (id, user_id, tool_id, inputs, hold, stage, max_attempts, deadline)
    VALUES (${t.id}, ${t.userId}::bigint, ${t.toolId}, ${JSON.stringify(t.inputs)}::jsonb, ${t.hold ? JSON.stringify(t.hold) : null}::jsonb,
      ${t.stage}, ${t.maxAttempts}::int, now() + ${ms(t.timeoutMs)})
    RETURNING ${COLUMNS}`,
  );
  return out[0]!;
}

/** Serialize one user's submissions (the per-user cap is then a plain count inside the transaction). */
export async function lockUser(db: Executor, userId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM users WHERE id = ${userId}::bigint FOR UPDATE`);
}

/** Tasks of every user still queued or running, by state (the metrics' tasks gauge; the claim index covers it). */
export async function countLiveTasksByState(db: Executor): Promise<Record<string, number>> {
  const res = (await db.execute(
    sql`SELECT state, count(*)::int AS n FROM tasks WHERE state IN ('queued', 'running') GROUP BY state`,
  )) as unknown as { rows: { state: string; n: number | string }[] };
  return Object.fromEntries(res.rows.map((r) => [r.state, Number(r.n)]));
}

/** The user's tasks still queued or running. */
export async function countLiveTasks(db: Executor, userId: number): Promise<number> {
  return count(db, sql`SELECT count(*)::int AS n FROM tasks WHERE user_id = ${userId}::bigint AND state IN ('queued', 'running')`);
}

// ---- Worker side (conditional on the lease)

/**
 * Claim up to `max` queued tasks of the given kinds for `owner` until now + leaseMs. Rows another
 * claimer has locked are skipped, not waited for, so N workers never take the same task.
 */
export async function claimTasks(db: Executor, owner: string, kinds: readonly string[], max: number, leaseMs: number, stage: string): Promise<TaskRow[]> {
  if (max <= 0 || kinds.length === 0) return [];
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  return rows(
    db,
    sql`UPDATE tasks SET state = 'running', lease_owner = ${owner}, lease_until = now() + ${ms(leaseMs)}, attempts = attempts + 1,
      started_at = coalesce(started_at, now()), stage = ${stage}, updated_at = now()
    WHERE id IN (
      SELECT id FROM tasks WHERE state = 'queued' AND run_after <= now() AND tool_id IN (${kindList})
      ORDER BY run_after, created_at LIMIT ${max}::int FOR UPDATE SKIP LOCKED
    ) AND state = 'queued'
    RETURNING ${COLUMNS}`,
  );
}

/** Extend the lease of a task this owner still runs; false when it is no longer ours (canceled, timed out, taken over). */
export async function renewLease(db: Executor, id: string, owner: string, leaseMs: number): Promise<boolean> {
  const n = await count(
    db,
    sql`WITH u AS (UPDATE tasks SET lease_until = now() + ${ms(leaseMs)} WHERE id = ${id} AND state = 'running' AND lease_owner = ${owner} RETURNING 1)
    SELECT count(*)::int AS n FROM u`,
  );
  return n === 1;
}

/** Progress of a task this owner still runs (also renews its lease); false when it is no longer ours. */
export async function writeProgress(db: Executor, id: string, owner: string, pct: number, stage: string, leaseMs: number): Promise<boolean> {
  const n = await count(
    db,
    sql`WITH u AS (
      UPDATE tasks SET progress = ${pct}::int, stage = ${stage}, lease_until = now() + ${ms(leaseMs)}, updated_at = now()
      WHERE id = ${id} AND state = 'running' AND lease_owner = ${owner}
      RETURNING 1
    ) SELECT count(*)::int AS n FROM u`,
  );
  return n === 1;
}

/**
 * List one more saved file on the result of a task this owner still runs (partial results): one
 * conditional statement, so a task that ended or left this worker meanwhile is not touched (its
 * file is then an orphan the worker deletes). False when the task is no longer ours.
 */
export async function appendResultFile(db: Executor, id: string, owner: string, file: TaskFile): Promise<boolean> {
  const n = await count(
    db,
    sql`WITH u AS (
      UPDATE tasks SET result = jsonb_build_object('files', coalesce(result->'files', '[]'::jsonb) || ${JSON.stringify([file])}::jsonb), updated_at = now()
      WHERE id = ${id} AND state = 'running' AND lease_owner = ${owner}
      RETURNING 1
    ) SELECT count(*)::int AS n FROM u`,
  );
  return n === 1;
}

export async function writeVendor(db: Executor, id: string, owner: string, vendor: unknown): Promise<void> {
  await db.execute(sql`UPDATE tasks SET vendor = ${JSON.stringify(vendor ?? null)}::jsonb WHERE id = ${id} AND state = 'running' AND lease_owner = ${owner}`);
}

/** A stopping worker hands its task back to the queue (the claim does not count as an attempt). */
export async function releaseClaim(db: Executor, id: string, owner: string, stage: string): Promise<TaskRow | null> {
  const out = await rows(
    db,
    sql`UPDATE tasks SET state = 'queued', lease_owner = NULL, lease_until = NULL, attempts = greatest(attempts - 1, 0), run_after = now(),
      stage = ${stage}, updated_at = now()
    WHERE id = ${id} AND state = 'running' AND lease_owner = ${owner}
    RETURNING ${COLUMNS}`,
  );
  return out[0] ?? null;
}

// ---- The terminal transition

/** Who may end the task: its worker (by lease), its owner (cancel), the sweep (expired lease / deadline), or anyone (tests). */
export type FinishGuard =
  | { by: 'worker'; owner: string }
  | { by: 'user'; userId: number }
  | { by: 'lease-expired' }
  | { by: 'deadline' }
  | { by: 'any' };

function guardSql(g: FinishGuard): SQL {
  switch (g.by) {
    case 'worker':
      return sql`AND state = 'running' AND lease_owner = ${g.owner}`;
    case 'user':
      return sql`AND user_id = ${g.userId}::bigint`;
    case 'lease-expired':
      return sql`AND state = 'running' AND lease_until < now() AND attempts >= max_attempts`;
    case 'deadline':
      return sql`AND deadline < now()`;
    case 'any':
      return sql``;
  }
}

export interface Terminal {
  state: Exclude<TaskState, 'queued' | 'running'>;
  stage: string;
  error?: string;
  result?: TaskResult;
}

/**
 * THE terminal transition: one conditional update out of queued/running. Answers the row when
 * this call won it (the caller then settles or refunds the hold in the same transaction), null
 * when the task had already ended or the guard did not hold.
 */
export async function markTerminal(db: Executor, id: string, t: Terminal, guard: FinishGuard): Promise<TaskRow | null> {
  const out = await rows(
    db,
    sql`UPDATE tasks SET state = ${t.state}, stage = ${t.stage}, error = ${t.error ?? null}, result = ${t.result ? JSON.stringify(t.result) : null}::jsonb,
      progress = CASE WHEN ${t.state} = 'succeeded' THEN 100 ELSE progress END,
      lease_owner = NULL, lease_until = NULL, finished_at = now(), updated_at = now()
    WHERE id = ${id} AND state IN ('queued', 'running') ${guardSql(guard)}
    RETURNING ${COLUMNS}`,
  );
  return out[0] ?? null;
}

// ---- Sweep

/** Put running tasks whose lease expired (a killed or stuck worker) back in the queue, while attempts remain. */
export async function requeueExpired(db: Executor, stage: string, max = 500): Promise<TaskRow[]> {
  return rows(
    db,
    sql`UPDATE tasks SET state = 'queued', lease_owner = NULL, lease_until = NULL, run_after = now(), stage = ${stage}, updated_at = now()
    WHERE id IN (
      SELECT id FROM tasks WHERE state = 'running' AND lease_until < now() AND attempts < max_attempts
      LIMIT ${max}::int FOR UPDATE SKIP LOCKED
    ) AND state = 'running' AND lease_until < now()
    RETURNING ${COLUMNS}`,
  );
}

/** Running tasks whose lease expired with no attempt left: the sweep fails them (with refund). */
export async function selectExhausted(db: Executor, max = 500): Promise<string[]> {
  const res = (await db.execute(
    sql`SELECT id FROM tasks WHERE state = 'running' AND lease_until < now() AND attempts >= max_attempts LIMIT ${max}::int`,
  )) as unknown as { rows: { id: string }[] };
  return res.rows.map((r) => r.id);
}

/** Live tasks past their deadline: the sweep fails them (with refund). */
export async function selectOverdue(db: Executor, max = 500): Promise<string[]> {
  const res = (await db.execute(
    sql`SELECT id FROM tasks WHERE state IN ('queued', 'running') AND deadline < now() ORDER BY deadline LIMIT ${max}::int`,
  )) as unknown as { rows: { id: string }[] };
  return res.rows.map((r) => r.id);
}

// ---- Query

export async function selectTask(db: Executor, id: string): Promise<TaskRow | null> {
  const out = await rows(db, sql`SELECT ${COLUMNS} FROM tasks WHERE id = ${id}`);
  return out[0] ?? null;
}

/** The user's own task, or null (another user's task is as absent as a missing one). */
export async function selectUserTask(db: Executor, userId: number, id: string): Promise<TaskRow | null> {
  const out = await rows(db, sql`SELECT ${COLUMNS} FROM tasks WHERE id = ${id} AND user_id = ${userId}::bigint`);
  return out[0] ?? null;
}

/** One page of the user's tasks of these tools (one tool's, or a registry group's), newest first. */
export async function listUserTasks(db: Executor, userId: number, tool: string | readonly string[], limit: number, offset: number): Promise<{ list: TaskRow[]; total: number }> {
  const toolIds = typeof tool === 'string' ? [tool] : tool;
  if (toolIds.length === 0) return { list: [], total: 0 };
  const tools = sql.join(
    toolIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [list, total] = await Promise.all([
    rows(
      db,
      sql`SELECT ${COLUMNS} FROM tasks WHERE user_id = ${userId}::bigint AND tool_id IN (${tools})
      ORDER BY created_at DESC, id DESC LIMIT ${limit}::int OFFSET ${offset}::int`,
    ),
    count(db, sql`SELECT count(*)::int AS n FROM tasks WHERE user_id = ${userId}::bigint AND tool_id IN (${tools})`),
  ]);
  return { list, total };
}

/**
 * Delete the user's own ended task (succeeded, failed or canceled) in one statement: a queued or
 * running one is never removed under its worker. Answers the row deleted (its result files are
 * the caller's to delete), or null when there was no ended task of theirs with that id.
 */
export async function deleteUserEndedTask(db: Executor, userId: number, id: string): Promise<TaskRow | null> {
  const out = await rows(
    db,
    sql`DELETE FROM tasks WHERE id = ${id} AND user_id = ${userId}::bigint AND state IN ('succeeded', 'failed', 'canceled') RETURNING ${COLUMNS}`,
  );
  return out[0] ?? null;
}
