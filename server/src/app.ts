import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import type { DestinationStream } from 'pino';
import { loggerOptions } from './http/log-redact';
import { clientErrors, slowClientOptions } from './http/client-errors';
import { frameworkErrors, registerPlatform } from './http/platform';
import { registerStaticWeb } from './http/static-web';
import { registerAuthRoutes } from './modules/auth/routes';
import { resolveSessionToken } from './modules/auth/service';
import { registerConfigRoutes } from './modules/config/routes';
import { registerChatRoutes } from './modules/chat/routes';
import { registerHistoryRoutes } from './modules/history/routes';
import { registerGroupRoutes } from './modules/groups/routes';
import { registerMediaRoutes } from './modules/media/routes';
import { registerUploadRoutes } from './modules/uploads/routes';
import { registerFeedbackRoutes } from './modules/feedback/routes';
import { registerPersonaRoutes } from './modules/personas/routes';
import { registerPromptRoutes } from './modules/prompts/routes';
import { registerQuotaRoutes } from './modules/quota/routes';
import { registerProfileRoutes } from './modules/profile/routes';
import { registerDownloadRoutes } from './modules/downloads/routes';
import { registerShopRoutes } from './modules/shop/routes';
import { registerPromoRoutes } from './modules/promos/routes';
import { registerInviteRoutes } from './modules/invite/routes';
import { registerActivityRoutes } from './modules/activity/routes';
import { registerSigninRoutes } from './modules/signin/routes';
import { registerSiteRoutes } from './modules/site/routes';
import { registerSidebarRoutes } from './modules/sidebar/routes';
import { registerSearchRoutes } from './modules/search/routes';
import { registerScholarRoutes } from './modules/scholar/routes';
import { registerWebdiskRoutes } from './modules/webdisk/routes';
import { registerProviderRoutes } from './modules/providers/routes';
import { registerMcpRoutes } from './modules/mcp/routes';
import { registerAgentRoutes } from './modules/agents/routes';
import { registerMindMapRoutes } from './modules/mindmap/routes';
import { registerSharedModelRoutes } from './modules/shared-models/routes';
import { registerSlidesRoutes } from './modules/slides/routes';
import { registerToolRoutes } from './modules/tools/routes';
import { registerTaskRoutes } from './modules/tasks/routes';
import { registerFileRoutes } from './modules/files/routes';
import { registerHealthRoutes } from './modules/health/routes';

/** Longest a server close waits for stopped streams to close their holds. */
const STREAMS_CLOSE_WAIT_MS = 3_000;

export interface BuildOptions {
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
}

/**
 * Build the Fastify instance: platform plugins (request ids, envelope errors, auth hook,
 * body limit), then each area's routes, then static hosting of the web app with history fallback.
 */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Request lines go through a serializer that redacts tokens, signatures and openids in the URL.
    logger: loggerOptions(ctx.config.logLevel, opts.logStream),
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

  // The auth module resolves session tokens; the platform's hook only asks (it imports no module).
  await registerPlatform(app, (token) => resolveSessionToken(ctx, token));

  await app.register(
    async (api) => {
      await registerHealthRoutes(api, ctx);
      await registerAuthRoutes(api, ctx);
      await registerConfigRoutes(api, ctx);
      await registerChatRoutes(api, ctx);
      await registerHistoryRoutes(api, ctx);
      await registerGroupRoutes(api, ctx);
      await registerMediaRoutes(api, ctx);
      await registerUploadRoutes(api, ctx);
      await registerFeedbackRoutes(api, ctx);
      await registerPersonaRoutes(api, ctx);
      await registerPromptRoutes(api, ctx);
      await registerQuotaRoutes(api, ctx);
      await registerProfileRoutes(api, ctx);
      await registerDownloadRoutes(api, ctx);
      await registerShopRoutes(api, ctx);
      await registerPromoRoutes(api, ctx);
      await registerInviteRoutes(api, ctx);
      await registerActivityRoutes(api, ctx);
      await registerSigninRoutes(api, ctx);
      await registerSiteRoutes(api, ctx);
      await registerSidebarRoutes(api, ctx);
      await registerSearchRoutes(api, ctx);
      await registerScholarRoutes(api, ctx);
      await registerWebdiskRoutes(api, ctx);
      await registerProviderRoutes(api, ctx);
      await registerMcpRoutes(api, ctx);
      await registerAgentRoutes(api, ctx);
      await registerMindMapRoutes(api, ctx);
      await registerSharedModelRoutes(api, ctx);
      await registerSlidesRoutes(api, ctx);
      await registerToolRoutes(api, ctx);
      await registerTaskRoutes(api, ctx);
      await registerFileRoutes(api, ctx);
    },
    { prefix: '/api' },
  );

  await registerStaticWeb(app, ctx);

  // Closing the server ends the streams still open (an `error` event each) and waits for them to
  // give their holds back before the database closes.
  app.addHook('preClose', async () => {
    ctx.streams.stopAll();
    await ctx.streams.settled(STREAMS_CLOSE_WAIT_MS);
  });
  return app;
}
