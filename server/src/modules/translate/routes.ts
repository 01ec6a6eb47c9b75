import type { FastifyInstance } from 'fastify';
import { ok, TranslateTextSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { translateText } from './service';

/**
 * The spec's text translation call (search-agents-tools 7.6; docs/api.md "Translation"), login required:
 *   POST /api/v1/translate/text {text, from?, to, glossary?, model?}
 *        -> {translation, from, to, detected, runId, model, demo}: one 通用翻译 run answered whole,
 *        one translate_text count charged once (given back when it fails), kept in 翻译记录.
 * The pages stream the same tool through POST /api/v1/tools/translateCommon/run.
 */
export async function registerTranslateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v1/translate/text', async (req) => {
    const user = requireUser(req);
    return ok(await translateText(ctx, user, parse(TranslateTextSchema, req.body)));
  });
}
