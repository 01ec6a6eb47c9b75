import type { FastifyInstance } from 'fastify';
import { ok, PromptFetchSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { fetchPromptList } from './service';

/** Downloads per user per minute: each one makes the server fetch a remote address. */
export const PROMPT_FETCHES_PER_MINUTE = 10;

/**
 * POST /api/v1/prompt/fetch {url} (login required): the network-import panel of the local prompt
 * library. The templates themselves stay in the browser; the server only downloads and checks the list.
 */
export async function registerPromptRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v1/prompt/fetch', async (req) => {
    const user = requireUser(req);
    const { url } = parse(PromptFetchSchema, req.body);
    await enforce(ctx.kv, `prompt:fetch:${user.id}`, 60, PROMPT_FETCHES_PER_MINUTE);
    return ok(await fetchPromptList(ctx, url));
  });
}
