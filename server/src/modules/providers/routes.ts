import type { FastifyInstance } from 'fastify';
import {
  CompletionsModelSchema,
  MSG,
  ModelAddSchema,
  ModelDeleteSchema,
  ModelEditSchema,
  ok,
  ProviderAddSchema,
  ProviderEditSchema,
  ProviderInfoSchema,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { assertPhoneBound } from '../chat/service';
import { serveStream } from '../../streaming/serve';
import { customStreamJob, prepareCustomTurn } from './completions';
import { KeyBox, loadKeySecret } from './key-box';
import {
  addModel,
  addProvider,
  customModelEntries,
  editModel,
  listProviders,
  modelSlots,
  providerDetail,
  removeModel,
  saveProvider,
} from './service';

/** Provider saves per user per hour: each one resolves a host (SSRF check). */
const PROVIDER_SAVES_PER_HOUR = 60;

/**
 * Custom providers and models (docs/product/custom-models.md §4, §7), all login-required:
 * /api/v1/user/models/{company.list, add.company, info, editor.company, add.model, editor.model,
 * delete.model, model.list}, GET /api/v1/chat2/getModelMax, and the streamed
 * POST /api/v1/chat2/completionsModel through the user's own provider.
 */
export async function registerProviderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const box = new KeyBox(await loadKeySecret(ctx.config));
  const base = '/v1/user/models';

  app.get(`${base}/company.list`, async (req) => ok(await listProviders(ctx, requireUser(req).id)));

  app.post(`${base}/add.company`, async (req) => {
    const user = requireUser(req);
    const input = parse(ProviderAddSchema, req.body);
    await enforce(ctx.kv, `provider:save:${user.id}`, 3600, PROVIDER_SAVES_PER_HOUR);
    return ok(await addProvider(ctx, box, user.id, input), MSG.providersAddOk);
  });

  app.post(`${base}/info`, async (req) => {
    const user = requireUser(req);
    return ok(await providerDetail(ctx, user.id, parse(ProviderInfoSchema, req.body).company));
  });

  app.post(`${base}/editor.company`, async (req) => {
    const user = requireUser(req);
    const input = parse(ProviderEditSchema, req.body);
    await enforce(ctx.kv, `provider:save:${user.id}`, 3600, PROVIDER_SAVES_PER_HOUR);
    return ok(await saveProvider(ctx, box, user.id, input), MSG.providersSaveOk);
  });

  app.post(`${base}/add.model`, async (req) => {
    const user = requireUser(req);
    return ok(await addModel(ctx, user, parse(ModelAddSchema, req.body)), MSG.providersModelAddOk);
  });

  app.post(`${base}/editor.model`, async (req) => {
    const user = requireUser(req);
    return ok(await editModel(ctx, user.id, parse(ModelEditSchema, req.body)), MSG.providersModelEditOk);
  });

  app.post(`${base}/delete.model`, async (req) => {
    const user = requireUser(req);
    await removeModel(ctx, user.id, parse(ModelDeleteSchema, req.body).id);
    return ok(null, MSG.providersDeleteOk);
  });

  app.get(`${base}/model.list`, async (req) => ok(await customModelEntries(ctx, requireUser(req).id)));

  app.get('/v1/chat2/getModelMax', async (req) => ok(await modelSlots(ctx, requireUser(req))));

  app.post('/v1/chat2/completionsModel', async (req, reply) => {
    const user = requireUser(req);
    assertPhoneBound(user);
    const input = parse(CompletionsModelSchema, req.body);
    // Resumable like the catalog's chat: re-attached through GET /v1/chat/stream/{messageId}.
    await serveStream(ctx, { userId: user.id }, reply, req.log, async () => ({
      ...customStreamJob(ctx, await prepareCustomTurn(ctx, box, user, input), req.log),
      resumable: true,
    }));
  });
}
