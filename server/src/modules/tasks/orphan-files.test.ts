import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type TaskFile } from '@wanxiang/contract';
import type { Database } from '../../db/client';
import { rows } from '../../db/sql';
import { createMemoryStore } from '../../infra/kv';
import { createDiskStore, type FileStore } from '../../infra/storage';
import { openTestDatabase, testDbKinds } from '../../../test/db';
import { cancelTask, finishTask, selectTask, submitTask, sweepTasksOnce, TaskFailure, TaskWorker, type TaskHandler, type TaskRunTools } from '../../jobs';
import { engineContext, newTaskUser, type EngineTestContext } from '../../jobs/testing/engine';
import { discardTaskFiles, storeTaskFile } from './lifecycle';

/**
 * A run that stored a result file but whose task did not end succeeded by it (canceled or timed out
 * meanwhile, so its terminal transition found the task ended; or the handler failed afterwards)
 * leaves neither bytes in the store nor a files row: nobody could ever reach them.
 */
describe.each(testDbKinds())('result files of a task that ended elsewhere on %s', (kind) => {
  let database: Database;
  let ctx: EngineTestContext;
  let storage: FileStore;
  let root: string;
  let worker: TaskWorker;
  /** Each test's handler, by task id: the worker runs one kind and hands each task to its test. */
  const runs = new Map<string, (tools: TaskRunTools) => Promise<{ files: Awaited<ReturnType<TaskRunTools['saveFile']>>[] }>>();
  const handler: TaskHandler = { name: 'test:orphans', run: (task, tools) => runs.get(task.id)!(tools) };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ctx = engineContext(database, { TZ_BUSINESS: 'UTC' });
    root = mkdtempSync(join(tmpdir(), 'wx-orphans-'));
    storage = createDiskStore(root);
    const files = { database, storage };
    // A long lease: no renewal notices the ending before the handler returns (the race under test).
    worker = new TaskWorker(ctx, { handlers: [handler], saveFile: storeTaskFile(files), discardFiles: discardTaskFiles(files), concurrency: 4, leaseMs: 60_000, pollMaxMs: 50 });
    await worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await database?.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** Another process, whose change notices never reach this worker (no Redis between them). */
  const elsewhere = () => ({ ...ctx, kv: createMemoryStore() });

  const fileRows = async (userId: number) => rows<{ id: string; key: string }>(database.db, sql`SELECT id, key FROM files WHERE user_id = ${userId}::bigint`);
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((r) => (open = r));
    return { open, opened };
  };

  /** Submit a task whose run stores one file, signals `stored`, then waits for `proceed` before `then` ends it. */
  async function storingTask(then: 'return' | 'fail' | 'wait-abort') {
    const user = await newTaskUser(database);
    const stored = gate();
    const proceed = gate();
    const task = await submitTask(ctx, { user, kind: handler.name, inputs: {}, price: { quotaKey: 'chat' } });
    runs.set(task.id, async (tools) => {
      const file = await tools.saveFile({ name: 'result.txt', contentType: 'text/plain', body: Buffer.from(`result of ${task.id}`) });
      stored.open();
      if (then === 'wait-abort') await new Promise((r) => tools.signal.addEventListener('abort', r, { once: true }));
      else await proceed.opened;
      if (then === 'fail') throw new TaskFailure('演示故障');
      return { files: [file] };
    });
    await stored.opened;
    const [row] = await fileRows(user.id);
    expect(row).toBeDefined();
    expect(await storage.stat(row!.key)).not.toBeNull();
    return { user, task, key: row!.key, proceed };
  }

  const gone = async (userId: number, key: string) => {
    await expect.poll(async () => (await fileRows(userId)).length, { timeout: 5_000 }).toBe(0);
    expect(await storage.stat(key)).toBeNull();
  };

  it('canceled by its owner elsewhere while the handler finishes: the transition finds it ended, the stored file is deleted', async () => {
    const { user, task, key, proceed } = await storingTask('return');
    expect((await cancelTask(elsewhere(), user.id, task.id))?.state).toBe('canceled');
    proceed.open();
    await gone(user.id, key);
    expect(await selectTask(database.db, task.id)).toMatchObject({ state: 'canceled', result: null });
  });

  it('timed out by the sweep elsewhere while the handler finishes: the stored file is deleted', async () => {
    const { user, task, key, proceed } = await storingTask('return');
    await database.db.execute(sql`UPDATE tasks SET deadline = now() - interval '1 second' WHERE id = ${task.id}`);
    expect((await sweepTasksOnce(elsewhere())).timedOut).toBe(1);
    proceed.open();
    await gone(user.id, key);
    expect(await selectTask(database.db, task.id)).toMatchObject({ state: 'failed', error: MSG.taskTimedOut, result: null });
  });

  it('canceled with the notice reaching the worker (the handler is stopped): the stored file is deleted', async () => {
    const { user, task, key } = await storingTask('wait-abort');
    expect((await cancelTask(ctx, user.id, task.id))?.state).toBe('canceled');
    await gone(user.id, key);
  });

  it('a handler that fails after storing a file leaves none behind', async () => {
    const { user, task, key, proceed } = await storingTask('fail');
    proceed.open();
    await gone(user.id, key);
    expect(await selectTask(database.db, task.id)).toMatchObject({ state: 'failed', error: '演示故障' });
  });

  /**
   * Partial results (a handler with `partialResults`): the files a run saved are on the row while it
   * runs; a task claimed again finds an earlier claim's files in `task.result`, keeps those its
   * outcome lists, and a failure deletes them with the run's own.
   */
  describe('partial results of a task claimed again', () => {
    const partial: TaskHandler = { name: 'test:partials', partialResults: true, run: (task, tools) => runs.get(task.id)!(tools) };

    /** A queued task whose earlier claim saved one file (listed on its row, as a requeued task's is), then a worker that runs it. */
    async function requeuedWithFile(then: (earlier: TaskFile[], tools: TaskRunTools) => Promise<{ files: TaskFile[] }>) {
      const user = await newTaskUser(database);
      const task = await submitTask(ctx, { user, kind: partial.name, inputs: {}, price: { quotaKey: 'chat' } });
      const earlier = await storeTaskFile({ database, storage })(task, { name: 'first.txt', contentType: 'text/plain', body: Buffer.from('first') });
      await database.db.execute(sql`UPDATE tasks SET result = ${JSON.stringify({ files: [earlier] })}::jsonb WHERE id = ${task.id}`);
      const [row] = await fileRows(user.id);
      runs.set(task.id, (tools) => then([earlier], tools));
      const second = new TaskWorker(ctx, { handlers: [partial], saveFile: storeTaskFile({ database, storage }), discardFiles: discardTaskFiles({ database, storage }), concurrency: 1, leaseMs: 60_000, pollMaxMs: 50 });
      await second.start();
      return { user, task, key: row!.key, stop: () => second.stop() };
    }

    it('listed at once while the run goes on, kept when the outcome lists them', async () => {
      const listed = gate();
      const proceed = gate();
      const { task, stop } = await requeuedWithFile(async (earlier, tools) => {
        const next = await tools.saveFile({ name: 'second.txt', contentType: 'text/plain', body: Buffer.from('second') });
        listed.open();
        await proceed.opened;
        return { files: [...earlier, next] };
      });
      try {
        await listed.opened;
        await expect.poll(async () => (await selectTask(database.db, task.id))?.result?.files.map((f) => f.name), { timeout: 5_000 }).toEqual(['first.txt', 'second.txt']);
        expect((await selectTask(database.db, task.id))?.state).toBe('running');
        proceed.open();
        await expect.poll(async () => (await selectTask(database.db, task.id))?.state, { timeout: 5_000 }).toBe('succeeded');
        expect((await selectTask(database.db, task.id))!.result!.files.map((f) => f.name)).toEqual(['first.txt', 'second.txt']);
      } finally {
        await stop();
      }
    });

    it('a task whose worker died is failed by the sweep, which deletes the files its row listed', async () => {
      const user = await newTaskUser(database);
      const task = await submitTask(ctx, { user, kind: 'test:no-worker', inputs: {}, price: { quotaKey: 'chat' } });
      const shown = await storeTaskFile({ database, storage })(task, { name: 'shown.txt', contentType: 'text/plain', body: Buffer.from('shown') });
      const [row] = await fileRows(user.id);
      await database.db.execute(sql`UPDATE tasks SET state = 'running', lease_owner = 'dead-worker', lease_until = now() - interval '1 second',
        attempts = max_attempts, result = ${JSON.stringify({ files: [shown] })}::jsonb WHERE id = ${task.id}`);
      expect((await sweepTasksOnce(elsewhere(), discardTaskFiles({ database, storage }))).exhausted).toBe(1);
      await gone(user.id, row!.key);
      expect(await selectTask(database.db, task.id)).toMatchObject({ state: 'failed', error: MSG.taskInterrupted, result: null });
    });

    it('a failure deletes the earlier claim’s file too', async () => {
      const { user, task, key, stop } = await requeuedWithFile(async () => {
        throw new TaskFailure('演示故障');
      });
      try {
        await gone(user.id, key);
        expect(await selectTask(database.db, task.id)).toMatchObject({ state: 'failed', result: null });
      } finally {
        await stop();
      }
    });
  });

  it('a task that succeeds keeps its file; a late finisher elsewhere changes nothing', async () => {
    const { user, task, key, proceed } = await storingTask('return');
    proceed.open();
    await expect.poll(async () => (await selectTask(database.db, task.id))?.state, { timeout: 5_000 }).toBe('succeeded');
    expect(await finishTask(elsewhere(), task.id, { state: 'failed', stage: '失败', error: '失败' }, { by: 'any' })).toBeNull();
    const [row] = await fileRows(user.id);
    expect((await selectTask(database.db, task.id))!.result!.files.map((f) => f.id)).toEqual([row!.id]);
    expect(await storage.stat(key)).not.toBeNull();
  });
});
