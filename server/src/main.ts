import pino from 'pino';
import { loadConfig, ConfigError } from './config';
import { closeContext, createContext } from './context';
import { buildApp } from './app';
import { startReconcile } from './modules/shop/service';
import { unsupportedNodeReason } from './runtime';

/** Entry point: read config, open the database, listen; shut down gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const oldNode = unsupportedNodeReason();
  if (oldNode) {
    console.error(oldNode);
    process.exit(1);
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = pino({ level: config.logLevel === 'silent' ? 'silent' : config.logLevel });
  const ctx = await createContext(config, logger);
  const app = await buildApp(ctx);
  await app.listen({ port: config.port, host: config.host });
  startReconcile(ctx, app.log);
  logger.info(
    { port: config.port, database: ctx.database.kind, demo: ctx.llm.demo, sms: ctx.sms.name },
    ctx.llm.demo ? '万象 AI 已启动（演示模式：模型回复来自内置演示上游）' : '万象 AI 已启动',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Streams listen to this signal and finish with an `error` event before the server closes.
    ctx.shutdown.abort();
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
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
