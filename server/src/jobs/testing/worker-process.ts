import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../db/client';
import { createKeyValueStore } from '../../infra/kv';
import { testConfig } from '../../config';
import { engineContext, fakeSaveFile, steppedHandler, vendorLikeHandler } from './engine';
import { TaskWorker } from '../worker';

/**
 * A worker process for the engine's kill tests and the G17 benchmark: it runs the stepped demo
 * handler ('test:stepped', WORKER_STEPS steps of WORKER_STEP_MS) and the vendor-like one
 * ('bench:vendor') against DATABASE_URL with a
 * lease of TASK_LEASE_MS, prints `ready <worker id>` once it claims, and is meant to be killed.
 */
async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const database = await openDatabase({ url, poolSize: 4, migrate: false });
  const env = { TASK_LEASE_MS: process.env.TASK_LEASE_MS ?? '1000' };
  const kv = await createKeyValueStore(testConfig(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}));
  const ctx = engineContext(database, env, kv);
  const steps = Number(process.env.WORKER_STEPS ?? 20);
  const stepMs = Number(process.env.WORKER_STEP_MS ?? 50);
  const worker = new TaskWorker(ctx, {
    handlers: [steppedHandler('test:stepped', steps, stepMs), vendorLikeHandler()],
    saveFile: fakeSaveFile,
    concurrency: Number(process.env.TASK_CONCURRENCY ?? 8),
    leaseMs: ctx.config.tasks.leaseMs,
    pollMaxMs: 50,
    id: process.env.WORKER_ID,
    log: pino({ level: 'error' }) as unknown as FastifyBaseLogger,
  });
  await worker.start();
  process.stdout.write(`ready ${worker.id}\n`);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
