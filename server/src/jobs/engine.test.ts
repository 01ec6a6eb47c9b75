import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code, MSG } from '@wanxiang/contract';
import type { Database } from '../db/client';
import type { AppError } from '../errors';
import { openTestDatabase, testDbKinds } from '../../test/db';
import { cancelTask, finishTask, submitTask } from './engine';
import { claimTasks, selectTask } from './store';
import { sweepTasksOnce } from './sweep';
import { balancedPoints, engineContext, fakeSaveFile, holdStatus, newTaskUser, steppedHandler, usageToday, type EngineTestContext } from './testing/engine';
import { TaskFailure, type TaskHandler } from './types';
import { TaskWorker } from './worker';

/**
 * The task engine's states and money (CREATION.md "One task engine", QUALITY G17): one terminal
 * transition, and only its winner settles or refunds the hold, exactly once.
 */
describe.each(testDbKinds())('task engine on %s', (kind) => {
  let database: Database;
  let ctx: EngineTestContext;
  const workers: TaskWorker[] = [];
  const worker = async (handlers: TaskHandler[], id?: string) => {
    const w = new TaskWorker(ctx, { handlers, saveFile: fakeSaveFile, concurrency: 4, leaseMs: 1_000, pollMaxMs: 50, id });
    await w.start();
    workers.push(w);
    return w;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ctx = engineContext(database, { TZ_BUSINESS: 'UTC' });
  });
  afterAll(async () => {
    for (const w of workers) await w.stop();
    await database?.close();
  });

  it('queued -> running -> succeeded: progress on the row, the count held at submit is charged once', async () => {
    const user = await newTaskUser(database);
    const w = await worker([steppedHandler('t:ok')]);
    const task = await submitTask(ctx, { user, kind: 't:ok', inputs: { a: 1 }, price: { quotaKey: 'chat' } });
    expect(task).toMatchObject({ state: 'queued', progress: 0, stage: MSG.taskStageQueued, attempts: 0 });
    expect(await usageToday(database, user.id, 'chat')).toEqual({ used: 0, reserved: 1 });
    await expect.poll(async () => (await selectTask(database.db, task.id))?.state, { timeout: 5_000 }).toBe('succeeded');
    const done = (await selectTask(database.db, task.id))!;
    expect(done).toMatchObject({ progress: 100, attempts: 1, leaseOwner: null, error: null });
    expect(done.result?.files[0]).toMatchObject({ name: 'out.txt', bytes: `done ${task.id}`.length });
    expect(done.startedAt).not.toBeNull();
    expect(await holdStatus(database, user.id, task.hold!.id)).toBe('settled');
    expect(await usageToday(database, user.id, 'chat')).toEqual({ used: 1, reserved: 0 });
    await w.stop();
  });

  it('a handler failure fails the task with its Chinese message and refunds the points', async () => {
    const user = await newTaskUser(database, 50);
    const failing: TaskHandler = {
      name: 't:fail',
      run: async () => {
        throw new TaskFailure('演示故障');
      },
    };
    const w = await worker([failing]);
    const task = await submitTask(ctx, { user, kind: 't:fail', inputs: {}, price: { quotaKey: 'chat', points: 7, usePoints: true } });
    expect((await balancedPoints(database, user.id)).balance).toBe(43);
    await expect.poll(async () => (await selectTask(database.db, task.id))?.state, { timeout: 5_000 }).toBe('failed');
    expect((await selectTask(database.db, task.id))!.error).toBe('演示故障');
    expect(await balancedPoints(database, user.id)).toEqual({ balance: 50, ledger: 50 });
    await w.stop();
  });

  it('three overlapping finishers race the terminal transition: exactly one wins, the hold is closed once', async () => {
    for (let round = 0; round < 10; round++) {
      const user = await newTaskUser(database, 100);
      const task = await submitTask(ctx, { user, kind: 't:race', inputs: {}, price: { quotaKey: 'chat', points: 10, usePoints: true } });
      const [claimed] = await claimTasks(database.db, 'racer', ['t:race'], 1, 60_000, '处理中');
      expect(claimed!.id).toBe(task.id);
      const results = await Promise.all([
        finishTask(ctx, task.id, { state: 'succeeded', stage: '完成', result: { files: [] } }, { by: 'worker', owner: 'racer' }),
        finishTask(ctx, task.id, { state: 'failed', stage: '失败', error: '失败' }, { by: 'any' }),
        cancelTask(ctx, user.id, task.id),
      ]);
      const winners = results.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      const state = winners[0]!.state;
      expect((await selectTask(database.db, task.id))!.state).toBe(state);
      const { balance, ledger } = await balancedPoints(database, user.id);
      expect(ledger).toBe(balance);
      // Charged once on success, refunded once otherwise; never both, never twice.
      expect(balance).toBe(state === 'succeeded' ? 90 : 100);
      expect(await holdStatus(database, user.id, task.hold!.id)).toBe(state === 'succeeded' ? 'settled' : 'released');
    }
  });

  it('a lease that expires puts the task back (attempts + 1); after the last attempt it fails and refunds once', async () => {
    const user = await newTaskUser(database, 30);
    const task = await submitTask(ctx, { user, kind: 't:lease', inputs: {}, price: { quotaKey: 'chat', points: 10, usePoints: true }, maxAttempts: 2 });
    // A worker that claims and then dies (no renewals).
    await claimTasks(database.db, 'dead-1', ['t:lease'], 1, 50, '处理中');
    await new Promise((r) => setTimeout(r, 120));
    expect((await sweepTasksOnce(ctx)).requeued).toBe(1);
    expect(await selectTask(database.db, task.id)).toMatchObject({ state: 'queued', attempts: 1, leaseOwner: null });
    await claimTasks(database.db, 'dead-2', ['t:lease'], 1, 50, '处理中');
    await new Promise((r) => setTimeout(r, 120));
    // Two sweeps at once (two processes whose lease checks overlapped): one failure, one refund.
    const [a, b] = await Promise.all([sweepTasksOnce(ctx), sweepTasksOnce(ctx)]);
    expect(a.exhausted + b.exhausted).toBe(1);
    expect(await selectTask(database.db, task.id)).toMatchObject({ state: 'failed', attempts: 2, error: MSG.taskInterrupted });
    expect(await balancedPoints(database, user.id)).toEqual({ balance: 30, ledger: 30 });
    // The dead worker coming back cannot finish it any more.
    expect(await finishTask(ctx, task.id, { state: 'succeeded', stage: '完成' }, { by: 'worker', owner: 'dead-2' })).toBeNull();
  });

  it('the timeout sweep fails tasks past their deadline and refunds each once, also with sweeps overlapping', async () => {
    const user = await newTaskUser(database, 100);
    const tasks = [];
    for (let i = 0; i < 3; i++) tasks.push(await submitTask(ctx, { user, kind: 't:slow', inputs: { i }, price: { quotaKey: 'chat', points: 5, usePoints: true }, timeoutMs: 1_000 }));
    await database.db.execute(sql`UPDATE tasks SET deadline = now() - interval '1 second' WHERE user_id = ${user.id}::bigint`);
    const results = await Promise.all([sweepTasksOnce(ctx), sweepTasksOnce(ctx), sweepTasksOnce(ctx)]);
    expect(results.reduce((n, r) => n + r.timedOut, 0)).toBe(3);
    for (const t of tasks) expect(await selectTask(database.db, t.id)).toMatchObject({ state: 'failed', error: MSG.taskTimedOut });
    expect(await balancedPoints(database, user.id)).toEqual({ balance: 100, ledger: 100 });
  });

  it('cancel by the owner refunds and stops the running handler; another user cannot cancel it', async () => {
    const user = await newTaskUser(database, 20);
    const other = await newTaskUser(database);
    let aborted = false;
    const w = await worker([
      {
        name: 't:long',
        run: (_task, tools) =>
          new Promise((_resolve, reject) =>
            tools.signal.addEventListener('abort', () => {
              aborted = true;
              reject(new Error('stopped'));
            }),
          ),
      },
    ]);
    const task = await submitTask(ctx, { user, kind: 't:long', inputs: {}, price: { quotaKey: 'chat', points: 4, usePoints: true } });
    await expect.poll(async () => (await selectTask(database.db, task.id))?.state, { timeout: 5_000 }).toBe('running');
    expect(await cancelTask(ctx, other.id, task.id)).toBeNull();
    expect((await cancelTask(ctx, user.id, task.id))?.state).toBe('canceled');
    await expect.poll(() => aborted, { timeout: 3_000 }).toBe(true);
    expect(await cancelTask(ctx, user.id, task.id)).toBeNull();
    expect(await balancedPoints(database, user.id)).toEqual({ balance: 20, ledger: 20 });
    await w.stop();
  });

  it('beyond TASKS_PER_USER live tasks a submit is refused with the Chinese 429 and holds nothing', async () => {
    const user = await newTaskUser(database, 100);
    const cap = ctx.config.fairUse.tasksPerUser;
    const results = await Promise.allSettled(
      Array.from({ length: cap + 3 }, () => submitTask(ctx, { user, kind: 't:idle', inputs: {}, price: { quotaKey: 'chat', points: 1, usePoints: true } })),
    );
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as AppError);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(cap);
    expect(refused).toHaveLength(3);
    for (const e of refused) expect([e.code, e.message]).toEqual([Code.RATE_LIMITED, MSG.tasksTooMany(cap)]);
    expect((await balancedPoints(database, user.id)).balance).toBe(100 - cap);
  });

  it('a stopping worker hands its running task back to the queue without using up an attempt', async () => {
    const user = await newTaskUser(database);
    const w = await worker([steppedHandler('t:handback', 50, 50)]);
    const task = await submitTask(ctx, { user, kind: 't:handback', inputs: {}, price: { quotaKey: '' } });
    await expect.poll(async () => (await selectTask(database.db, task.id))?.progress, { timeout: 5_000 }).toBeGreaterThan(0);
    await w.stop();
    expect(await selectTask(database.db, task.id)).toMatchObject({ state: 'queued', attempts: 0, leaseOwner: null });
    const next = await worker([steppedHandler('t:handback', 2, 10)]);
    await expect.poll(async () => (await selectTask(database.db, task.id))?.state, { timeout: 5_000 }).toBe('succeeded');
    await next.stop();
  });
});
