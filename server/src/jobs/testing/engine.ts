import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TaskFile } from '@wanxiang/contract';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { createMemoryStore, type KeyValueStore } from '../../infra/kv';
import { applyPoints, ledgerSum, selectPoints } from '../../modules/points/ledger';
import { rows } from '../../db/sql';
import { quotaTaskPayer } from '../../modules/tasks/payer';
import { selectHoldStatus, selectUsage, type UsageRow } from '../../modules/quota/store';
import type { EngineContext } from '../engine';
import type { SaveTaskFile } from '../worker';
import { TaskFailure, type TaskHandler, type TaskRow, type TaskRunTools } from '../types';

/**
 * Helpers of the task engine's own tests and benchmark: a small engine context over a test
 * database (every quota key unlimited unless told), users with points, and money checks.
 */

export interface EngineTestContext extends EngineContext {
  shutdown: AbortController;
}

export function engineContext(database: Database, env: Record<string, string> = {}, kv: KeyValueStore = createMemoryStore()): EngineTestContext {
  const config = testConfig({ TASK_SWEEP_MS: '200', TASK_LEASE_MS: '1000', ...env });
  // Every key counts (so holds are real rows) and none runs out, unless a test says otherwise.
  const catalog = { dailyLimit: () => 1_000_000 };
  return { config, database, kv, payer: quotaTaskPayer({ config, database, catalog }), shutdown: new AbortController() };
}

let seq = 0;
/** A fresh user with `points` points (each credit a ledger row, like real ones). */
export async function newTaskUser(database: Database, points = 0): Promise<{ id: number; vip: number }> {
  seq++;
  const tag = randomBytes(7).toString('hex');
  const [row] = await rows<{ id: number }>(
    database.db,
    sql`INSERT INTO users (account, invite_code) VALUES (${`task_${seq}_${tag}`}, ${`T${tag}`}) RETURNING id`,
  );
  const id = Number(row!.id);
  if (points) await applyPoints(database.db, { userId: id, delta: points, reason: 'seed' });
  return { id, vip: 0 };
}

/** The user's balance, after checking that the ledger sums to it. */
export async function balancedPoints(database: Database, userId: number): Promise<{ balance: number; ledger: number }> {
  return { balance: (await selectPoints(database.db, userId)) ?? 0, ledger: await ledgerSum(database.db, userId) };
}

/** The user's counters of one quota key today (UTC business day in these tests). */
export async function usageToday(database: Database, userId: number, quotaKey: string): Promise<UsageRow> {
  return selectUsage(database.db, userId, quotaKey, new Date().toISOString().slice(0, 10));
}

export async function holdStatus(database: Database, userId: number, holdId: string): Promise<string | null> {
  return selectHoldStatus(database.db, userId, holdId);
}

/** Per state, how many tasks of this user; and how many ledger rows name each hold. */
export async function taskStates(database: Database, userId: number): Promise<Record<string, number>> {
  const out = await rows<{ state: string; n: number }>(database.db, sql`SELECT state, count(*)::int AS n FROM tasks WHERE user_id = ${userId}::bigint GROUP BY state`);
  return Object.fromEntries(out.map((r) => [r.state, Number(r.n)]));
}

/** A file store stand-in for engine tests (the real one is the files module). */
export const fakeSaveFile: SaveTaskFile = async (task, file) => {
  const id = `f_${task.id}_${file.name}`;
  const out: TaskFile = { id, url: `/api/v1/files/${id}`, name: file.name, contentType: file.contentType, bytes: file.body.length };
  return out;
};

/** A handler that reports progress in `steps` steps of `stepMs` each, honouring its abort signal. */
export function steppedHandler(name: string, steps = 3, stepMs = 20): TaskHandler {
  return {
    name,
    async run(task, tools) {
      for (let i = 1; i <= steps; i++) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, stepMs);
          tools.signal.addEventListener('abort', () => (clearTimeout(timer), reject(tools.signal.reason)), { once: true });
        });
        await tools.progress((i / steps) * 100, `第 ${i}/${steps} 步`);
      }
      return { files: [await tools.saveFile({ name: 'out.txt', contentType: 'text/plain', body: Buffer.from(`done ${task.id}`) })] };
    },
  };
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/**
 * A handler that behaves like an asynchronous vendor task (G17 benchmark, kill tests): it records
 * `{mode, readyAt}` as the task's vendor data, works for `inputs.ms` in four progress steps, then
 * ends as `inputs.mode` says: 'ok' (a result file), 'fail' (a vendor failure) or 'hang' (never:
 * the timeout sweep ends it). Pollers elsewhere may end the task first from the vendor data.
 */
export function vendorLikeHandler(name = 'bench:vendor'): TaskHandler {
  return {
    name,
    async run(task, tools: TaskRunTools) {
      const mode = String(task.inputs.mode ?? 'ok');
      const ms = Number(task.inputs.ms ?? 200);
      await tools.setVendor({ mode, readyAt: Date.now() + ms });
      for (let i = 1; i <= 4; i++) {
        await pause(ms / 4, tools.signal);
        await tools.progress(i * 20, `第 ${i}/4 步`);
      }
      if (mode === 'hang') await pause(24 * 3_600_000, tools.signal);
      if (mode === 'fail') throw new TaskFailure('供应商返回失败');
      return { files: [await tools.saveFile({ name: 'result.txt', contentType: 'text/plain', body: Buffer.from(task.id) })] };
    },
  };
}

let taskSeq = 0;
/** A task row as a worker holds it while running (handler tests call `run` with it directly). */
export function runningTask(userId: number, toolId: string, inputs: TaskRow['inputs'], extra: Partial<TaskRow> = {}): TaskRow {
  const now = new Date();
  return {
    id: `tRun${++taskSeq}x${Date.now()}`,
    userId,
    toolId,
    state: 'running',
    progress: 0,
    stage: '',
    inputs,
    vendor: null,
    result: null,
    error: null,
    attempts: 1,
    maxAttempts: 3,
    hold: null,
    leaseOwner: 'test',
    leaseUntil: null,
    deadline: now,
    createdAt: now,
    startedAt: now,
    updatedAt: now,
    finishedAt: null,
    ...extra,
  };
}
