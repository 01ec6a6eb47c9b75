import type { FastifyInstance } from 'fastify';
import { Code, fail, MSG, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { readiness } from './service';

/**
 * Probes for load balancers and orchestrators (QUALITY G20): /health is liveness (the process
 * answers), /ready is readiness (503 while the database is down, a migration is missing or the
 * process drains). Neither needs a login; neither is cached.
 */
export async function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/health', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    return ok({ status: 'ok' });
  });

  app.get('/ready', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    const r = await readiness(ctx);
    if (r.ready) return ok(r.checks);
    return reply.code(503).send(fail(Code.UNAVAILABLE, MSG.notReady, r.checks));
  });
}
