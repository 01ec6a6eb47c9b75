import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { closeContext, createContext } from './context';
import { sharedStateWarning, startupConfigOrExit } from './runtime';
import { startWorkerRole } from './worker-role';

/**
 * The worker process role (`npm run worker`): the same configuration, database and context as
 * the server; it runs task workers (and takes its turn at the task sweep) and serves no HTTP but GET /metrics when
 * WORKER_METRICS_PORT is set (worker-role.ts).
 * Run N servers with TASK_WORKERS=off plus M of these against one PostgreSQL (and Redis, so a
 * submit wakes a worker at once; without it workers find new tasks within TASK_POLL_MAX_MS).
 * SIGTERM/SIGINT: stop claiming, let running tasks finish within SHUTDOWN_GRACE_MS, hand the
 * rest back to the queue, close. A SIGKILL loses nothing either: the lease lapses and the sweep
 * puts the task back for another worker.
 */
async function main(): Promise<void> {
  const config = startupConfigOrExit();
  if (!config.databaseUrl) {
    // PGlite belongs to one process: a separate worker needs the shared PostgreSQL.
    console.error('npm run worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to the server process, whose own workers run the tasks (TASK_WORKERS=inline).');
    process.exit(1);
  }
  const logger = pino({ level: config.logLevel === 'silent' ? 'silent' : config.logLevel });
  const log = logger as unknown as FastifyBaseLogger;
  const shared = sharedStateWarning(config);
  if (shared) logger.warn(shared);
  const ctx = await createContext(config, log);
  const role = await startWorkerRole(ctx, log);
  const { tasks } = role;
  logger.info(
    { worker: tasks.worker?.id, concurrency: config.tasks.concurrency, database: ctx.database.kind, metricsPort: role.metricsPort ?? null },
    '万象 AI 任务进程已启动',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, running: tasks.worker?.activeCount ?? 0, graceMs: config.shutdownGraceMs }, 'worker stopping: no new tasks, running ones may finish');
    const timer = setTimeout(() => process.exit(1), config.shutdownGraceMs + 15_000);
    timer.unref();
    try {
      await role.stop(config.shutdownGraceMs);
      await closeContext(ctx);
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'worker shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

void main();
