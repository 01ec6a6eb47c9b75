/**
 * G21 (QUALITY.md), on PostgreSQL: (1) state transitions per second of the engine's own SQL —
 * claim (FOR UPDATE SKIP LOCKED + lease), one progress write, the terminal transition with its
 * settle — from concurrent loops like a busy worker's slots; (2) a burst of 200 demo tasks
 * submitted at once (each hold + insert, as the API does), run by two workers, p95 wait in queue.
 */
import pg from 'pg';
import type { Database } from '../../server/src/db/client';
import { finishTask, submitTask } from '../../server/src/jobs/engine';
import { claimTasks, writeProgress } from '../../server/src/jobs/store';
import { engineContext, fakeSaveFile, newTaskUser, steppedHandler } from '../../server/src/jobs/testing/engine';
import { TaskWorker } from '../../server/src/jobs/worker';
import { percentile, round } from './lib/stats';

const TRANSITION_TASKS = Number(process.env.BENCH_TRANSITION_TASKS ?? 3000);
const LOOPS = Number(process.env.BENCH_TRANSITION_LOOPS ?? 16);
const BURST = Number(process.env.BENCH_BURST ?? 200);

export interface G21Result {
  transition_tasks: number;
  transitions: number;
  transitions_per_sec: number;
  burst_tasks: number;
  burst_all_succeeded: boolean;
  burst_queue_wait_ms_p50: number;
  burst_queue_wait_ms_p95: number;
  burst_queue_wait_ms_max: number;
  burst_seconds_to_all_done: number;
}

export async function runG21(database: Database, url: string): Promise<G21Result> {
  const ctx = engineContext(database, { TASKS_PER_USER: '1000', TASK_LEASE_MS: '30000' });
  const users: { id: number; vip: number }[] = [];
  for (let u = 0; u < 10; u++) users.push(await newTaskUser(database, 0));

  // (1) Transitions: queue the tasks (a count hold each, not timed), then claim -> progress -> finish.
  for (let i = 0; i < TRANSITION_TASKS; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, TRANSITION_TASKS - i) }, (_, k) =>
        submitTask(ctx, { user: users[(i + k) % users.length]!, kind: 'bench:transitions', inputs: {}, price: { quotaKey: 'chat' } }),
      ),
    );
  }
  let transitions = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: LOOPS }, async (_, n) => {
      const owner = `g21-loop-${n}`;
      for (;;) {
        const [task] = await claimTasks(database.db, owner, ['bench:transitions'], 1, 30_000, '处理中');
        if (!task) return;
        transitions++;
        if (await writeProgress(database.db, task.id, owner, 50, '处理中', 30_000)) transitions++;
        if (await finishTask(ctx, task.id, { state: 'succeeded', stage: '已完成', result: { files: [] } }, { by: 'worker', owner })) transitions++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  // (2) The burst: 200 demo tasks submitted at once; each works 3 x 100 ms (a vendor's time).
  const workers = [0, 1].map((n) => new TaskWorker(ctx, { handlers: [steppedHandler('bench:burst', 3, 100)], saveFile: fakeSaveFile, concurrency: 50, leaseMs: 30_000, pollMaxMs: 200, id: `g21-burst-${n}` }));
  for (const w of workers) await w.start();
  const burstStart = performance.now();
  await Promise.all(Array.from({ length: BURST }, (_, i) => submitTask(ctx, { user: users[i % users.length]!, kind: 'bench:burst', inputs: { i }, price: { quotaKey: 'chat' } })));
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  for (;;) {
    const res = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM tasks WHERE tool_id = 'bench:burst' AND state IN ('queued', 'running')`);
    if (res.rows[0]!.n === 0 || performance.now() - burstStart > 120_000) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const burstSeconds = (performance.now() - burstStart) / 1000;
  for (const w of workers) await w.stop();
  const waits = await pool.query<{ wait_ms: number; state: string }>(
    `SELECT extract(epoch FROM (started_at - created_at)) * 1000 AS wait_ms, state FROM tasks WHERE tool_id = 'bench:burst'`,
  );
  await pool.end();
  const ms = waits.rows.map((r) => Number(r.wait_ms));
  return {
    transition_tasks: TRANSITION_TASKS,
    transitions,
    transitions_per_sec: Math.round(transitions / seconds),
    burst_tasks: BURST,
    burst_all_succeeded: waits.rows.length === BURST && waits.rows.every((r) => r.state === 'succeeded'),
    burst_queue_wait_ms_p50: round(percentile(ms, 50), 1),
    burst_queue_wait_ms_p95: round(percentile(ms, 95), 1),
    burst_queue_wait_ms_max: round(Math.max(...ms), 1),
    burst_seconds_to_all_done: round(burstSeconds, 2),
  };
}
