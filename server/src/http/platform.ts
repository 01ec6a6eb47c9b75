import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

// Placeholder: request ids, envelope error handler, auth hook.
export async function registerPlatform(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  app.decorateRequest('authUser', null);
}
