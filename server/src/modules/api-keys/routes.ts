import type { FastifyInstance } from 'fastify';
import { API_KEYS_MSG as M, ApiKeyCreateSchema, ApiKeyIdSchema, ApiKeyRenameSchema, MSG, ok, type ApiKeyListRes } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { createApiKey, listApiKeys, renameApiKey, revokeApiKey } from './service';

/** Key creations per user per hour (each is a random key and a row). */
const CREATES_PER_HOUR = 30;

/**
 * A member's API keys for the OpenAI-compatible API (docs/openai-api.md "Keys"), shown in /console:
 * POST /v1/user/apikey/create {name} -> the key, once; list; rename {id,name}; revoke {id}. Every id is the caller's
 * or not found.
 */
export async function registerApiKeyRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v1/user/apikey/create', async (req) => {
    const user = requireUser(req);
    const { name } = parse(ApiKeyCreateSchema, req.body);
    await enforce(ctx.kv, `apikey:create:${user.id}`, 3600, CREATES_PER_HOUR, MSG.rateLimited);
    return ok(await createApiKey(ctx, user, name), M.apiKeyCreated);
  });

  app.post('/v1/user/apikey/list', async (req) => {
    const user = requireUser(req);
    return ok<ApiKeyListRes>({ list: await listApiKeys(ctx, user.id) });
  });

  app.post('/v1/user/apikey/rename', async (req) => {
    const user = requireUser(req);
    const { id, name } = parse(ApiKeyRenameSchema, req.body);
    await renameApiKey(ctx, user.id, id, name);
    return ok(null, M.apiKeyRenamed);
  });

  app.post('/v1/user/apikey/revoke', async (req) => {
    const user = requireUser(req);
    const { id } = parse(ApiKeyIdSchema, req.body);
    await revokeApiKey(ctx, user.id, id);
    return ok(null, M.apiKeyRevoked);
  });
}
