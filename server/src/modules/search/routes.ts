import type { FastifyInstance } from 'fastify';
import { HotListQuerySchema, IntentRequestSchema, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { hotList } from './hot-lists';
import { detectIntent } from './intent';

/** Intent calls per user per minute: each one is a model call. */
export const INTENT_CALLS_PER_MINUTE = 30;

/**
 * Search hub routes (docs/product/search.md §2, §3, §7):
 * - GET /api/v1/search/hot?source=zhihu|baidu|weibo → string[] (public: visitors may browse; [] when the site fails)
 * - POST /api/v1/search/intent {query, model?} → {source_type, reason} (login required; falls back to google)
 * AI search answers stream through /api/v1/chat2/net_search and its history is the chat history (model net_search).
 */
export async function registerSearchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/v1/search/hot', async (req) => {
    const { source } = parse(HotListQuerySchema, req.query);
    return ok(await hotList(ctx.kv, source, ctx.config.hotLists));
  });

  app.post('/v1/search/intent', async (req) => {
    const user = requireUser(req);
    const { query, model } = parse(IntentRequestSchema, req.body);
    await enforce(ctx.kv, `search:intent:${user.id}`, 60, INTENT_CALLS_PER_MINUTE);
    return ok(await detectIntent(ctx, query, model, ctx.shutdown.signal));
  });
}
