import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import { Code, fail, MSG } from '@wanxiang/contract';
import type { AppContext } from '../context';
import { errorReply } from './error-envelope';
import { registerMetricsEndpoint } from './metrics-endpoint';

/** The worker's metrics listener once it listens: the port it got (WORKER_METRICS_PORT=0 picks one) and its close. */
export interface WorkerMetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * The worker role's only HTTP (docs/operations.md "Workers"): GET /metrics on WORKER_METRICS_HOST:WORKER_METRICS_PORT,
 * the very endpoint the web server binds (same Bearer check against METRICS_TOKEN, same envelope for 401 and 404,
 * the live-tasks gauge read from the table at scrape time), over the worker's own registry: its queue waits, task
 * ends and durations, upstream errors and process metrics. Nothing else is routed; scrapes write no request lines.
 */
export async function startWorkerMetricsServer(
  ctx: Pick<AppContext, 'config' | 'database' | 'metrics'>,
  opts: { port: number; host: string; log: FastifyBaseLogger },
): Promise<WorkerMetricsServer> {
  const app = Fastify({
    loggerInstance: opts.log,
    // A scrape every 15 s would be two log lines each: the worker logs tasks, not scrapes.
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: true,
  });
  app.setErrorHandler((err, req, reply) => {
    const r = errorReply(err);
    if (r.log === 'error') req.log.error({ err }, 'worker metrics request failed');
    void reply.code(r.status).send(r.body);
  });
  app.setNotFoundHandler((_req, reply) => reply.code(404).send(fail(Code.NOT_FOUND, MSG.notFound)));
  await registerMetricsEndpoint(app, ctx);
  await app.listen({ port: opts.port, host: opts.host });
  const addr = app.server.address();
  return { port: typeof addr === 'object' && addr ? addr.port : opts.port, close: () => app.close() };
}
