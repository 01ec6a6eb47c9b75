import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context';
import type { RunningTaskEngine } from './jobs';
import { startWorkerMetricsServer, type WorkerMetricsServer } from './http/worker-metrics-server';
import { startTasks } from './modules/tasks/lifecycle';

/** What a running worker role holds: its task engine, its metrics listener's port (when one listens), and its stop. */
export interface RunningWorkerRole {
  tasks: RunningTaskEngine;
  /** The port GET /metrics listens on; undefined when WORKER_METRICS_PORT is unset. */
  metricsPort?: number;
  /** Stop claiming, let running tasks finish within `graceMs`, then close the metrics listener and the catalog follow-ups. */
  stop(graceMs: number): Promise<void>;
}

/**
 * The worker role's pieces over an open context (worker.ts opens and closes the context; tests pass theirs): follow
 * the console's catalog and vendor settings, listen for GET /metrics when WORKER_METRICS_PORT is set (before any task
 * is claimed, so a port already taken stops the worker at start), then run the task workers.
 */
export async function startWorkerRole(ctx: AppContext, log: FastifyBaseLogger): Promise<RunningWorkerRole> {
  const { config } = ctx;
  // Tasks read the catalog (prices, models, counts): follow the admin console's saves like the server processes do.
  const stopCatalogWatch = await ctx.documents.watch(config.catalogPollMs);
  // Tasks call the chat vendors too: follow the console's vendor settings (keys, base URLs) the same way.
  const stopVendorWatch = await ctx.vendorSettings.watch(config.catalogPollMs);
  const stopWatches = () => {
    stopCatalogWatch();
    stopVendorWatch();
  };
  let metrics: WorkerMetricsServer | undefined;
  try {
    const { port, host } = config.workerMetrics;
    if (port !== undefined) metrics = await startWorkerMetricsServer(ctx, { port, host, log });
  } catch (err) {
    stopWatches();
    throw err;
  }
  const tasks = await startTasks(ctx, log, { workers: true });
  return {
    tasks,
    metricsPort: metrics?.port,
    async stop(graceMs) {
      // Scrapes keep answering while running tasks drain; the listener closes after them.
      await tasks.stop(graceMs);
      await metrics?.close();
      stopWatches();
    },
  };
}
