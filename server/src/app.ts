import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import type { DestinationStream } from 'pino';
import { loggerOptions } from './http/log-redact';
import { clientErrors, slowClientOptions } from './http/client-errors';
import { frameworkErrors, registerPlatform } from './http/platform';
import { registerStaticWeb } from './http/static-web';
import { registerRequestLog, requestLogController } from './http/request-log';
import { registerMetricsEndpoint } from './http/metrics-endpoint';
import { SERVER_MODULES } from './modules';
import { registerOpenAiApi } from './modules/openai-api/routes';
import { registerSharePage } from './modules/share/routes';
import { registerModuleRoutes, shutdownModules, startModules, type ServerModule } from './module';
import { resolveSessionToken } from './modules/auth/service';

/** Longest a server close waits for stopped streams to close their holds. */
const STREAMS_CLOSE_WAIT_MS = 3_000;

export interface BuildOptions {
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** The server's areas (default: every module of modules/index.ts). */
  modules?: readonly ServerModule[];
  /** Names of the modules whose background work runs with this app (default: all); tests pick the ones they need. */
  background?: readonly string[];
}

/**
 * Build the Fastify instance: platform plugins (request ids, envelope errors, auth hook,
 * body limit), then each area's routes, then static hosting of the web app with history fallback.
 */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Request lines go through a serializer that redacts tokens, signatures and openids in the URL.
    logger: loggerOptions(ctx.config.logLevel, opts.logStream),
    // Request lines come from http/request-log.ts instead (route pattern, user id, status, duration, stopped streams too).
    logController: requestLogController(),
    bodyLimit: ctx.config.bodyLimit,
    trustProxy: ctx.config.trustProxy,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    forceCloseConnections: true,
    // Undecodable paths and over-long path parameters answer the envelope too (QUALITY G14).
    frameworkErrors,
    // Slow clients: the whole request within HTTP_REQUEST_TIMEOUT_MS, headers within HTTP_HEADERS_TIMEOUT_MS (answers are not timed).
    ...slowClientOptions(ctx.config.http),
    clientErrorHandler: clientErrors,
  });

  // First of the request hooks: the request's line and numbers cover everything after it, the session lookup too.
  registerRequestLog(app, ctx.metrics);
  // The auth module resolves session tokens; the platform's hook only asks (it imports no module).
  await registerPlatform(app, (token) => resolveSessionToken(ctx, token));

  const modules = opts.modules ?? SERVER_MODULES;
  const background = opts.background ? modules.filter((m) => opts.background?.includes(m.name)) : modules;
  // Background work (sweeps, reapers, reconcile, task workers) starts once the app is ready and stops before it
  // closes: one place for all of it, never inside route registration. main.ts stops it with the shutdown grace first.
  let stopBackground: (graceMs?: number) => Promise<void> = async () => undefined;
  app.decorate('stopBackground', (graceMs?: number) => stopBackground(graceMs));
  app.addHook('onReady', async () => {
    stopBackground = await startModules(ctx, app.log, background);
  });
  app.addHook('preClose', async () => stopBackground(0));
  app.addHook('onClose', async () => shutdownModules(ctx, app.log, modules));

  await app.register(
    async (api) => {
      await registerModuleRoutes(api, ctx, modules);
    },
    { prefix: '/api' },
  );

  await registerMetricsEndpoint(app, ctx);
  // {origin}/v1: the OpenAI-compatible API for members' keys (docs/openai-api.md), before the web app's fallback.
  await registerOpenAiApi(app, ctx);
  // {origin}/s/{token}: a share link's public page, rendered here for link previews (modules/share).
  await registerSharePage(app, ctx);
  await registerStaticWeb(app, ctx);

  // Closing the server ends the streams still open (an `error` event each) and waits for them to
  // give their holds back before the database closes.
  app.addHook('preClose', async () => {
    ctx.streams.stopAll();
    await ctx.streams.settled(STREAMS_CLOSE_WAIT_MS);
  });
  return app;
}
