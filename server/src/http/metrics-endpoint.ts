import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { MSG } from '@wanxiang/contract';
import { countLiveTasksByState } from '../jobs';
import { notFound, unauthorized } from './errors';

export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function hasMetricsToken(req: FastifyRequest, token: string): boolean {
  const auth = req.headers.authorization;
  if (typeof auth !== 'string' || !auth.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(auth.slice(7).trim()), digest(token));
}

/**
 * GET /metrics, the Prometheus text exposition of this process (docs/operations.md). Bound always, so that without
 * METRICS_TOKEN it answers 404 instead of the web app's page; with it, only a scraper sending the token as a Bearer
 * reads it (401 otherwise). The live-tasks gauge is read from the tasks table right here, at scrape time; a database
 * that does not answer leaves it as it was and the rest is still served.
 */
export async function registerMetricsEndpoint(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'config' | 'database' | 'metrics'>,
): Promise<void> {
  app.get(METRICS_PATH, async (req, reply) => {
    const token = ctx.config.metrics.token;
    if (!token || !ctx.metrics.enabled) throw notFound();
    if (!hasMetricsToken(req, token)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized(MSG.metricsTokenInvalid);
    }
    try {
      ctx.metrics.setLiveTasks(await countLiveTasksByState(ctx.database.db));
    } catch (err) {
      req.log.warn({ err }, 'metrics: counting live tasks failed');
    }
    const body = await ctx.metrics.scrape();
    return reply.header('cache-control', 'no-store').type(ctx.metrics.contentType).send(body);
  });
}
