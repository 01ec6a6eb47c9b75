import pino from 'pino';
import { closeContext, createContext } from './context';
import { buildApp } from './app';
import { sharedStateWarning, startupConfigOrExit } from './runtime';

/** How long stopped streams get to give their holds back once the grace period is over. */
const STREAMS_STOP_WAIT_MS = 3_000;

/** Entry point: read config, open the database, listen; shut down gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = startupConfigOrExit();
  const logger = pino({ level: config.logLevel === 'silent' ? 'silent' : config.logLevel });
  const shared = sharedStateWarning(config);
  if (shared) logger.warn(shared);
  const ctx = await createContext(config, logger);
  const app = await buildApp(ctx);
  await app.listen({ port: config.port, host: config.host });
  // Every module's background work (reconcile, upload sweep, quota reaper, task workers unless TASK_WORKERS=off, the
  // task sweep) started with the app when it became ready (ServerModule.start, app.ts).
  logger.info(
    { port: config.port, database: ctx.database.kind, demo: ctx.llm.demo, sms: ctx.sms.name },
    ctx.llm.demo ? '万象 AI 已启动（演示模式：模型回复来自内置演示上游）' : '万象 AI 已启动',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      // A second signal: end the running answers now instead of waiting out the grace.
      ctx.streams.stopAll();
      return;
    }
    stopping = true;
    logger.info({ signal, openStreams: ctx.streams.size, graceMs: config.shutdownGraceMs }, 'shutting down: no new answers, running ones may finish');
    // The grace, the close of what is left, then the rest of the shutdown; never longer.
    const timer = setTimeout(() => process.exit(1), config.shutdownGraceMs + 15_000);
    timer.unref();
    try {
      // New streams answer 503 and /api/ready turns 503 at once; running answers go on to their end.
      // Background work stops with the same grace: running tasks may finish, then go back to the queue for another worker.
      const [drained] = await Promise.all([ctx.streams.shutdownGracefully(config.shutdownGraceMs, STREAMS_STOP_WAIT_MS), app.stopBackground(config.shutdownGraceMs)]);
      if (drained.stopped > 0) logger.warn({ stopped: drained.stopped }, 'grace period over: ended the answers still running');
      // Background jobs stop, then the server and the database close.
      ctx.shutdown.abort();
      await app.close();
      await closeContext(ctx);
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

void main();
