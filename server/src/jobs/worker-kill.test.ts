import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { Database } from '../db/client';
import { openTestDatabase, testDbKinds } from '../../test/db';
import { submitTask } from './engine';
import { selectTask } from './store';
import { startTaskSweep } from './sweep';
import { balancedPoints, engineContext, fakeSaveFile, holdStatus, newTaskUser, steppedHandler, type EngineTestContext } from './testing/engine';
import { TaskWorker } from './worker';

const WORKER_ENTRY = fileURLToPath(new URL('./testing/worker-process.ts', import.meta.url));
const hasPostgres = testDbKinds().includes('postgres');

/**
 * A worker process killed with SIGKILL in the middle of a task (QUALITY G17): its lease lapses,
 * the sweep puts the task back, another worker takes it over, and it ends once, charged once.
 * PostgreSQL only: a second process cannot open the embedded PGlite database (on PGlite the
 * server's own workers are the only ones, and lease expiry is tested in engine.test.ts).
 */
describe.skipIf(!hasPostgres)('a worker process killed mid-task (PostgreSQL)', () => {
  let database: Database;
  let ctx: EngineTestContext;
  let child: ChildProcess | null = null;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    ctx = engineContext(database, { TASK_LEASE_MS: '800', TASK_SWEEP_MS: '200' });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    for (const stop of stops) await stop();
    await database?.close();
  });

  it('SIGKILL mid-task: the task is taken over and ends once, charged once', async () => {
    const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    child = spawn(process.execPath, ['--import', 'tsx', WORKER_ENTRY], {
      env: { ...process.env, DATABASE_URL: url, TASK_LEASE_MS: '800', WORKER_STEPS: '40', WORKER_STEP_MS: '50', WORKER_ID: 'doomed-worker' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    expect(line.toString()).toContain('ready doomed-worker');

    const user = await newTaskUser(database, 100);
    const task = await submitTask(ctx, { user, kind: 'test:stepped', inputs: {}, price: { quotaKey: 'chat', points: 10, usePoints: true } });
    // Mid-task: the child holds it and has reported some progress.
    await expect
      .poll(async () => {
        const row = await selectTask(database.db, task.id);
        return row?.leaseOwner === 'doomed-worker' && row.progress >= 10;
      }, { timeout: 15_000, interval: 50 })
      .toBe(true);
    child.kill('SIGKILL');
    await once(child, 'exit');
    child = null;

    // This process takes over: the sweep requeues the lapsed lease, a worker here finishes it.
    stops.push(startTaskSweep(ctx));
    const rescuer = new TaskWorker(ctx, { handlers: [steppedHandler('test:stepped', 3, 20)], saveFile: fakeSaveFile, concurrency: 2, leaseMs: 800, pollMaxMs: 50, id: 'rescuer' });
    await rescuer.start();
    stops.push(() => rescuer.stop());
    await expect.poll(async () => (await selectTask(database.db, task.id))?.state, { timeout: 15_000, interval: 100 }).toBe('succeeded');
    const done = (await selectTask(database.db, task.id))!;
    expect(done.attempts).toBe(2);
    expect(done.result?.files).toHaveLength(1);
    expect(await holdStatus(database, user.id, task.hold!.id)).toBe('settled');
    expect(await balancedPoints(database, user.id)).toEqual({ balance: 90, ledger: 90 });
  });
});
