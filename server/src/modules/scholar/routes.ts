import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Routes of this area (search-agents-tools 7); filled in by the area. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function registerScholarRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {}
