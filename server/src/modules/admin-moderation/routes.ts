import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ADMIN_MODERATION_MSG as M,
  FileReadQuerySchema,
  ModIdSchema,
  ModImageQuerySchema,
  ModNoteSchema,
  ModPersonaQuerySchema,
  ModRejectSchema,
  ModReportQuerySchema,
  ModTakedownSchema,
  ok,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { serveFile, serveThumb } from '../files/serve';
import { decideChatReport, listChatReports } from './chat-reports';
import { decideImage, listImages, publishedRow } from './images';
import { decideModelReports, listModelReports } from './model-reports';
import { decidePersona, listPersonaQueue } from './personas';
import type { AdminActor } from './shared';

type IdParams = { Params: { id: string } };

function adminActor(req: FastifyRequest): AdminActor {
  return { kind: 'admin', id: requireAdmin(req).id, ip: req.ip };
}

/**
 * The moderation area of the operator's API (/api/admin/moderation/*; docs/api.md "Admin: moderation"): four queues and
 * their actions. Every handler's first line is requireAdmin (visitors 401, other accounts 403) before any input.
 */
export async function registerAdminModerationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const id = (req: FastifyRequest<IdParams>) => parse(ModIdSchema, req.params).id;

  // ---- 角色审核
  app.get('/admin/moderation/personas', async (req) => {
    requireAdmin(req);
    return ok(await listPersonaQueue(ctx, parse(ModPersonaQuerySchema, req.query)));
  });
  app.post<IdParams>('/admin/moderation/personas/:id/approve', async (req) => {
    const actor = adminActor(req);
    return ok(await decidePersona(ctx, actor, id(req), { approve: true }), M.modPersonaApproved);
  });
  app.post<IdParams>('/admin/moderation/personas/:id/reject', async (req) => {
    const actor = adminActor(req);
    const target = id(req);
    const { reason } = parse(ModRejectSchema, req.body);
    return ok(await decidePersona(ctx, actor, target, { approve: false, reason }), M.modPersonaRejected);
  });

  // ---- 模型举报
  app.get('/admin/moderation/model-reports', async (req) => {
    requireAdmin(req);
    return ok(await listModelReports(ctx, parse(ModReportQuerySchema, req.query)));
  });
  app.post<IdParams>('/admin/moderation/model-reports/:id/dismiss', async (req) => {
    const actor = adminActor(req);
    const target = id(req);
    const { note } = parse(ModNoteSchema, req.body ?? {});
    return ok(await decideModelReports(ctx, actor, target, { takedown: false, note }), M.modModelDismissed);
  });
  app.post<IdParams>('/admin/moderation/model-reports/:id/takedown', async (req) => {
    const actor = adminActor(req);
    const target = id(req);
    const { reason } = parse(ModTakedownSchema, req.body);
    return ok(await decideModelReports(ctx, actor, target, { takedown: true, reason }), M.modModelTakenDown);
  });

  // ---- 对话举报
  app.get('/admin/moderation/chat-reports', async (req) => {
    requireAdmin(req);
    return ok(await listChatReports(ctx, parse(ModReportQuerySchema, req.query)));
  });
  for (const [verb, confirm] of [['dismiss', false], ['confirm', true]] as const) {
    app.post<IdParams>(`/admin/moderation/chat-reports/:id/${verb}`, async (req) => {
      const actor = adminActor(req);
      const target = id(req);
      const { note } = parse(ModNoteSchema, req.body ?? {});
      return ok(await decideChatReport(ctx, actor, target, confirm, note), confirm ? M.modChatConfirmed : M.modChatDismissed);
    });
  }

  // ---- 作品广场
  app.get('/admin/moderation/images', async (req) => {
    requireAdmin(req);
    return ok(await listImages(ctx, parse(ModImageQuerySchema, req.query)));
  });
  app.post<IdParams>('/admin/moderation/images/:id/takedown', async (req) => {
    const actor = adminActor(req);
    const target = id(req);
    const { reason } = parse(ModTakedownSchema, req.body);
    return ok(await decideImage(ctx, actor, target, { takedown: true, reason }), M.modImageTakenDown);
  });
  app.post<IdParams>('/admin/moderation/images/:id/restore', async (req) => {
    const actor = adminActor(req);
    return ok(await decideImage(ctx, actor, id(req), { takedown: false }), M.modImageRestored);
  });
  // The picture's bytes whatever its status (the public routes serve listed ones only), for the console's review.
  app.get<IdParams>('/admin/moderation/images/:id/thumb', async (req, reply) => {
    requireAdmin(req);
    const row = await publishedRow(ctx, id(req));
    const thumb = await serveThumb(ctx, row.userId, row.fileId);
    return reply.headers({ ...thumb.headers, 'cache-control': 'private, no-store' }).send(thumb.body);
  });
  app.get<IdParams>('/admin/moderation/images/:id/image', async (req, reply) => {
    requireAdmin(req);
    const row = await publishedRow(ctx, id(req));
    parse(FileReadQuerySchema, req.query);
    const answer = await serveFile(ctx, row.userId, row.fileId, { download: false, rangeHeader: req.headers.range });
    if (answer.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(answer.location, 302);
    if (answer.kind === 'unsatisfiable') return reply.code(416).headers(answer.headers).send();
    return reply.code(answer.status).headers({ ...answer.headers, 'cache-control': 'private, no-store' }).send(answer.body);
  });
}
