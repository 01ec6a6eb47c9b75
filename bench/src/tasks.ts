/**
 * Task engine benchmark (QUALITY G17 and G21), on PostgreSQL (BENCH_DATABASE_URL,
 * TEST_DATABASE_URL or 127.0.0.1:5432; a temporary database is created and dropped):
 *
 *   npm run bench:tasks
 *   BENCH_TASKS=2000 BENCH_TRANSITION_TASKS=5000 npm run bench:tasks
 *
 * G17: 1,000 tasks under three overlapping pollers, two overlapping timeout sweeps, user cancels
 * and a worker process killed with SIGKILL mid-run; prints each exactly-once check.
 * G21: transitions per second (claim, progress, finish) and a burst of 200 demo tasks (p95 wait
 * in queue). Writes bench/results/tasks.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../server/src/db/client';
import { temporaryPostgres } from './lib/postgres';
import { runG17 } from './tasks-g17';
import { runG21 } from './tasks-g21';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

async function main(): Promise<void> {
  const pg = await temporaryPostgres();
  if (!pg) {
    console.log('[bench:tasks] PostgreSQL not reachable: G17 and G21 need it (a killed worker process and the goal are PostgreSQL ones)');
    process.exit(1);
  }
  const load = loadavg()[0]!;
  const database = await openDatabase({ url: pg.url, poolSize: 24 });
  try {
    console.log('[bench:tasks] G17: 1,000 tasks, three pollers, two sweeps, cancels, a worker killed with SIGKILL');
    const g17 = await runG17(database, pg.url);
    printChecks(g17);
    console.log('[bench:tasks] G21: transitions per second, then a burst of 200 demo tasks');
    const g21 = await runG21(database, pg.url);
    printG21(g21);
    const out = { date: new Date().toISOString(), machine: { cpus: cpus().length, node: process.version, loadavg_1m_at_start: Math.round(load * 100) / 100 }, g17, g21 };
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(join(root, 'bench/results/tasks.json'), JSON.stringify(out, null, 2) + '\n');
    console.log(`[bench:tasks] wrote bench/results/tasks.json (load average at start ${out.machine.loadavg_1m_at_start} on ${out.machine.cpus} cores)`);
  } finally {
    await database.close();
    await pg.drop();
  }
}

function line(name: string, value: unknown, ok: boolean | null): void {
  const mark = ok === null ? '    ' : ok ? ' ok ' : 'FAIL';
  console.log(`  [${mark}] ${name.padEnd(52)} ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
}

function printChecks(r: Awaited<ReturnType<typeof runG17>>): void {
  const total = Object.values(r.states).reduce((a, b) => a + b, 0);
  line('tasks submitted', r.tasks, null);
  line('terminal states', r.states, null);
  line('every task in exactly one terminal state', `${total} rows, ${r.live_left} still live`, total === r.tasks && r.live_left === 0);
  line('tasks the killed worker held at the kill', r.killed_worker_held, r.killed_worker_held > 0);
  line('poller wins / lost races (lost = already ended)', `${r.poller_wins} / ${r.poller_lost_races}`, null);
  line('sweeps: timeouts / leases lapsed past the last attempt', `${r.sweep_timeouts} / ${r.sweep_exhausted}`, null);
  line('user cancels that won', r.user_cancels, null);
  line('holds not settled-on-success, released-otherwise', r.holds_wrong, r.holds_wrong === 0);
  line('tasks without exactly one charge', r.debit_rows_wrong, r.debit_rows_wrong === 0);
  line('tasks with a refund count other than 1-if-not-succeeded', r.refund_rows_wrong, r.refund_rows_wrong === 0);
  line('users whose ledger sum differs from the balance', r.users_ledger_mismatch, r.users_ledger_mismatch === 0);
  line('users whose balance change is not price x successes', r.users_balance_mismatch, r.users_balance_mismatch === 0);
  line('G17', r.pass ? 'PASS' : 'FAIL', r.pass);
  line('seconds', r.seconds, null);
}

function printG21(r: Awaited<ReturnType<typeof runG21>>): void {
  line('transitions (claim, progress, finish)', `${r.transitions} on ${r.transition_tasks} tasks`, null);
  line('transitions per second (goal >= 500 on 2 cores)', r.transitions_per_sec, r.transitions_per_sec >= 500);
  line(`burst of ${r.burst_tasks}: all succeeded`, r.burst_all_succeeded, r.burst_all_succeeded);
  line('burst queue wait p50 / max ms', `${r.burst_queue_wait_ms_p50} / ${r.burst_queue_wait_ms_max}`, null);
  line('burst queue wait p95 ms (goal <= 2000)', r.burst_queue_wait_ms_p95, r.burst_queue_wait_ms_p95 <= 2000);
  line('burst: seconds until all done', r.burst_seconds_to_all_done, null);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
