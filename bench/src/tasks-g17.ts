/**
 * G17 (QUALITY.md): 1,000 tasks driven at once by three overlapping pollers, two overlapping
 * timeout sweeps, in-process workers, a user canceling some, and a worker process killed with
 * SIGKILL mid-run; then the money checks: every task ends in exactly one terminal state, every
 * success is charged once, every failure, cancel and timeout is refunded once, and each user's
 * ledger sum equals the balance change.
 */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Database } from '../../server/src/db/client';
import { cancelTask, finishTask, submitTask } from '../../server/src/jobs/engine';
import { sweepTasksOnce } from '../../server/src/jobs/sweep';
import { engineContext, fakeSaveFile, newTaskUser, vendorLikeHandler } from '../../server/src/jobs/testing/engine';
import { TaskWorker } from '../../server/src/jobs/worker';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TASKS = Number(process.env.BENCH_TASKS ?? 1000);
const USERS = 20;
const PRICE = 3;
const START_POINTS = 10_000;

export interface G17Result {
  tasks: number;
  states: Record<string, number>;
  live_left: number;
  killed_worker_held: number;
  poller_wins: number;
  poller_lost_races: number;
  sweep_timeouts: number;
  sweep_exhausted: number;
  user_cancels: number;
  holds_wrong: number;
  debit_rows_wrong: number;
  refund_rows_wrong: number;
  users_ledger_mismatch: number;
  users_balance_mismatch: number;
  seconds: number;
  pass: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Which way a task should go: mostly succeed, some fail, some hang past the deadline, some are canceled. */
function planOf(i: number): { mode: string; ms: number; cancel: boolean } {
  const r = i % 20;
  if (r < 2) return { mode: 'fail', ms: 150, cancel: false };
  if (r < 4) return { mode: 'hang', ms: 100, cancel: false };
  if (r < 5) return { mode: 'ok', ms: 600, cancel: true };
  return { mode: 'ok', ms: 100 + (i % 7) * 40, cancel: false };
}

export async function runG17(database: Database, url: string): Promise<G17Result> {
  const started = performance.now();
  const ctx = engineContext(database, { TASKS_PER_USER: '1000', TASK_LEASE_MS: '1000' });
  const pool = new pg.Pool({ connectionString: url, max: 6 });
  const users: { id: number; vip: number }[] = [];
  for (let u = 0; u < USERS; u++) users.push(await newTaskUser(database, START_POINTS));

  // A worker process that will be killed mid-run, then three in-process workers.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/jobs/testing/worker-process.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, TASK_LEASE_MS: '1000', TASK_CONCURRENCY: '24', WORKER_ID: 'g17-doomed' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ok, fail) => {
    child.stdout!.once('data', () => ok());
    child.once('exit', () => fail(new Error('the worker process did not start')));
  });
  const workers = [0, 1, 2].map((n) => new TaskWorker(ctx, { handlers: [vendorLikeHandler()], saveFile: fakeSaveFile, concurrency: 16, leaseMs: 1000, pollMaxMs: 50, id: `g17-worker-${n}` }));

  // Submit all 1,000 (50 at a time), while the doomed worker already claims.
  const ids: { id: string; userId: number; cancel: boolean }[] = [];
  for (let i = 0; i < TASKS; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, TASKS - i) }, async (_, k) => {
        const n = i + k;
        const plan = planOf(n);
        const user = users[n % USERS]!;
        const row = await submitTask(ctx, {
          user,
          kind: 'bench:vendor',
          inputs: { mode: plan.mode, ms: plan.ms },
          price: { quotaKey: 'chat', points: PRICE },
          timeoutMs: plan.mode === 'hang' ? 4_000 : 300_000,
        });
        return { id: row.id, userId: user.id, cancel: plan.cancel };
      }),
    );
    ids.push(...batch);
  }
  for (const w of workers) await w.start();

  let stopping = false;
  let pollerWins = 0;
  let pollerLost = 0;
  let sweepTimeouts = 0;
  let sweepExhausted = 0;
  let userCancels = 0;
  // Three pollers, each its own loop, reading the vendor data and ending ready tasks: they race
  // each other, the workers (which end the same tasks) and the sweeps.
  const poller = async () => {
    while (!stopping) {
      const res = await pool.query<{ id: string; mode: string }>(
        `SELECT id, vendor->>'mode' AS mode FROM tasks WHERE state = 'running' AND vendor IS NOT NULL
         AND vendor->>'mode' <> 'hang' AND (vendor->>'readyAt')::bigint < $1 ORDER BY random() LIMIT 20`,
        [Date.now()],
      );
      await Promise.all(
        res.rows.map(async (r) => {
          const won = await finishTask(
            ctx,
            r.id,
            r.mode === 'fail' ? { state: 'failed', stage: '失败', error: '供应商返回失败' } : { state: 'succeeded', stage: '已完成', result: { files: [] } },
            { by: 'any' },
          );
          if (won) pollerWins++;
          else pollerLost++;
        }),
      );
      await sleep(15);
    }
  };
  const sweeper = async () => {
    while (!stopping) {
      const swept = await sweepTasksOnce(ctx);
      sweepTimeouts += swept.timedOut;
      sweepExhausted += swept.exhausted;
      await sleep(150);
    }
  };
  const canceler = async () => {
    const want = new Set(ids.filter((t) => t.cancel).map((t) => t.id));
    while (!stopping && want.size > 0) {
      const res = await pool.query<{ id: string }>(`SELECT id FROM tasks WHERE state = 'running' AND id = ANY($1) AND progress >= 20`, [[...want]]);
      for (const r of res.rows) {
        const t = ids.find((x) => x.id === r.id)!;
        if (await cancelTask(ctx, t.userId, t.id)) userCancels++;
        want.delete(r.id);
      }
      await sleep(20);
    }
  };
  const loops = [poller(), poller(), poller(), sweeper(), sweeper(), canceler()];

  // Kill the worker process while it holds tasks.
  await sleep(1_500);
  const held = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM tasks WHERE state = 'running' AND lease_owner = 'g17-doomed'`);
  child.kill('SIGKILL');

  // Wait until nothing is live (the hung ones end by the deadline sweep).
  const deadline = Date.now() + 120_000;
  for (;;) {
    const live = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM tasks WHERE state IN ('queued', 'running')`);
    if (live.rows[0]!.n === 0 || Date.now() > deadline) break;
    await sleep(200);
  }
  stopping = true;
  await Promise.all(loops);
  for (const w of workers) await w.stop();

  // ---- The checks
  const q = async <T extends pg.QueryResultRow>(text: string) => (await pool.query<T>(text)).rows;
  const states = Object.fromEntries((await q<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM tasks GROUP BY state`)).map((r) => [r.state, r.n]));
  const liveLeft = (states.queued ?? 0) + (states.running ?? 0);
  // A succeeded task's hold is settled, any other's released; never still held.
  const [holdsWrong] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM tasks t JOIN quota_reservations r ON r.id = t.hold->>'id'
    WHERE NOT ((t.state = 'succeeded' AND r.status = 'settled') OR (t.state IN ('failed', 'canceled') AND r.status = 'released'))`);
  // Each hold: exactly one debit row; exactly one refund row when the task did not succeed, none when it did.
  const [debitsWrong] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM tasks t
    WHERE (SELECT count(*) FROM points_ledger l WHERE l.ref = t.hold->>'id' AND l.delta < 0) <> 1`);
  const [refundsWrong] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM tasks t
    WHERE (SELECT count(*) FROM points_ledger l WHERE l.ref = t.hold->>'id' AND l.delta > 0) <> CASE WHEN t.state = 'succeeded' THEN 0 ELSE 1 END`);
  const [ledgerMismatch] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE u.account LIKE 'task_%'
    AND u.points <> (SELECT coalesce(sum(delta), 0) FROM points_ledger l WHERE l.user_id = u.id)`);
  // The balance change of each user is exactly the price of their succeeded tasks.
  const [balanceMismatch] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM users u WHERE u.account LIKE 'task_%'
    AND u.points <> ${START_POINTS} - ${PRICE} * (SELECT count(*) FROM tasks t WHERE t.user_id = u.id AND t.state = 'succeeded')`);
  await pool.end();

  const result: G17Result = {
    tasks: ids.length,
    states,
    live_left: liveLeft,
    killed_worker_held: held.rows[0]!.n,
    poller_wins: pollerWins,
    poller_lost_races: pollerLost,
    sweep_timeouts: sweepTimeouts,
    sweep_exhausted: sweepExhausted,
    user_cancels: userCancels,
    holds_wrong: holdsWrong!.n,
    debit_rows_wrong: debitsWrong!.n,
    refund_rows_wrong: refundsWrong!.n,
    users_ledger_mismatch: ledgerMismatch!.n,
    users_balance_mismatch: balanceMismatch!.n,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    pass: false,
  };
  const total = Object.values(states).reduce((a, b) => a + b, 0);
  result.pass =
    total === TASKS && liveLeft === 0 && result.holds_wrong === 0 && result.debit_rows_wrong === 0 && result.refund_rows_wrong === 0 && result.users_ledger_mismatch === 0 && result.users_balance_mismatch === 0;
  return result;
}
