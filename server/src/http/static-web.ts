import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

// Placeholder: static hosting of web/dist with history fallback.
export async function registerStaticWeb(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
