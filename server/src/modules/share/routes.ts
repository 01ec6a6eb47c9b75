import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ChatExportQuerySchema, SHARE_MSG as M, MSG, ok, ShareCreateSchema, ShareRevokeSchema, type ShareListRes } from '@wanxiang/contract';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { notFound } from '../../http/errors';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { exportChat } from './export';
import { shareNotFoundPage, sharePage } from './page';
import { createShare, listShares, revokeOwnShare, sharedTranscript, shareUrl } from './service';

/** Share links created per user per hour (each is a row). */
const CREATES_PER_HOUR = 60;
/** Exports per user per hour (a PDF runs LibreOffice). */
const EXPORTS_PER_HOUR = 60;

/** The site's origin as the browser sees it (behind the proxy too: trustProxy gives the forwarded host and scheme). */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

const ExportParamsSchema = z.object({ conversationId: z.string().min(1).max(64) });

/**
 * Share links and chat export (docs/api.md "Share and export"), login required; every id is the caller's or not found:
 * POST /v1/share/create {kind,id} -> {token,url}; GET /v1/share/list; POST /v1/share/revoke {token};
 * GET /v1/chat/export/{conversationId}?format=md|docx|pdf.
 */
export async function registerShareRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v1/share/create', async (req) => {
    const user = requireUser(req);
    const body = parse(ShareCreateSchema, req.body);
    await enforce(ctx.kv, `share:create:${user.id}`, 3600, CREATES_PER_HOUR, MSG.rateLimited);
    return ok(await createShare(ctx, user.id, body, originOf(req)), M.shareCreated);
  });

  app.get('/v1/share/list', async (req) => {
    const user = requireUser(req);
    return ok<ShareListRes>({ list: await listShares(ctx, user.id, originOf(req)) });
  });

  app.post('/v1/share/revoke', async (req) => {
    const user = requireUser(req);
    const { token } = parse(ShareRevokeSchema, req.body);
    await revokeOwnShare(ctx, user.id, token);
    return ok(null, M.shareRevoked);
  });

  app.get('/v1/chat/export/:conversationId', async (req, reply) => {
    const user = requireUser(req);
    const { conversationId } = parse(ExportParamsSchema, req.params);
    const { format } = parse(ChatExportQuerySchema, req.query);
    await enforce(ctx.kv, `chat:export:${user.id}`, 3600, EXPORTS_PER_HOUR, MSG.rateLimited);
    const file = await exportChat(ctx, user.id, conversationId, format);
    if (!file) throw notFound(M.shareTargetNotFound);
    return reply
      .header('content-type', file.type)
      .header('content-disposition', `attachment; filename="chat.${format}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });
}

/**
 * The public page /s/{token}, outside /api and before the web app's fallback (app.ts). No login: the token is the
 * permission. Unknown, revoked or deleted: a Chinese 404 page. `no-cache` so a revoke is seen on the next visit.
 */
export async function registerSharePage(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/s/:token', async (req, reply) => {
    const { token } = req.params as { token: string };
    const t = token.length <= 64 ? await sharedTranscript(ctx, token) : null;
    void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!t) return reply.code(404).send(shareNotFoundPage());
    return reply.send(sharePage(t, shareUrl(originOf(req), token)));
  });
}
