import type { FastifyInstance } from 'fastify';
import {
  MSG,
  ok,
  SharedModelCommentSchema,
  SharedModelCommentsSchema,
  SharedModelEditSchema,
  SharedModelFormSchema,
  SharedModelIdSchema,
  SharedModelListSchema,
  SharedModelReportSchema,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import * as svc from './service';

/** Writes (publish, comment, report) per user per minute: cards and comments are public text. */
export const SHARED_MODEL_WRITES_PER_MINUTE = 20;

/**
 * The shared custom model list (7.4 "Custom chat models (older path family)"), all POST under
 * /api/v1/chat2: getModels, getModelById and getModelComments are open to visitors; the rest
 * need a login. Answers are the usual envelope; messages are the spec's where it has them.
 */
export async function registerSharedModelRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const viewerOf = (req: { authUser: { id: number } | null }) => req.authUser?.id ?? null;
  const limitWrites = (userId: number) => enforce(ctx.kv, `shared-models:write:${userId}`, 60, SHARED_MODEL_WRITES_PER_MINUTE);

  app.post('/v1/chat2/getModels', async (req) => {
    const q = parse(SharedModelListSchema, req.body);
    return ok(await svc.listCards(ctx, viewerOf(req), q));
  });

  app.post('/v1/chat2/getModelById', async (req) => {
    const { mid } = parse(SharedModelIdSchema, req.body);
    return ok(await svc.getCard(ctx, mid, viewerOf(req)));
  });

  app.post('/v1/chat2/getModelComments', async (req) => {
    const { mid, page } = parse(SharedModelCommentsSchema, req.body);
    return ok(await svc.comments(ctx, mid, viewerOf(req), page));
  });

  app.post('/v1/chat2/createModel', async (req) => {
    const user = requireUser(req);
    const f = parse(SharedModelFormSchema, req.body);
    await limitWrites(user.id);
    return ok(await svc.createCard(ctx, user.id, f), MSG.sharedModelCreated);
  });

  app.post('/v1/chat2/editModel', async (req) => {
    const user = requireUser(req);
    const { mid, ...f } = parse(SharedModelEditSchema, req.body);
    return ok(await svc.editCard(ctx, user.id, mid, f), MSG.sharedModelEdited);
  });

  app.post('/v1/chat2/deleteModel', async (req) => {
    const user = requireUser(req);
    const { mid } = parse(SharedModelIdSchema, req.body);
    await svc.deleteCard(ctx, user.id, mid);
    return ok(null, MSG.sharedModelDeleted);
  });

  app.post('/v1/chat2/zanModel', async (req) => {
    const user = requireUser(req);
    const { mid } = parse(SharedModelIdSchema, req.body);
    return ok(await svc.toggleLike(ctx, user.id, mid));
  });

  app.post('/v1/chat2/commentModel', async (req) => {
    const user = requireUser(req);
    const { mid, content } = parse(SharedModelCommentSchema, req.body);
    await limitWrites(user.id);
    await svc.comment(ctx, user.id, mid, content);
    return ok(null, MSG.sharedModelCommented);
  });

  app.post('/v1/chat2/reportModel', async (req) => {
    const user = requireUser(req);
    const { mid, reason } = parse(SharedModelReportSchema, req.body);
    await limitWrites(user.id);
    await svc.report(ctx, user.id, mid, reason);
    return ok(null, MSG.sharedModelReported);
  });

  app.post('/v1/chat2/addModel', async (req) => {
    const user = requireUser(req);
    const { mid } = parse(SharedModelIdSchema, req.body);
    return ok(await svc.addToMine(ctx, user.id, mid));
  });
}
