import type { FastifyInstance, FastifyReply } from 'fastify';
import { FileReadQuerySchema, ImgCreationsQuerySchema, ImgPublishIdSchema, ImgPublishListQuerySchema, ImgPublishSchema, ImgReportSchema, ImgTaskBodySchema, MSG, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { serveFile, serveThumb } from '../files/serve';
import { deleteCreation, like, listCreations, listedForServing, listSquare, publish, publishInfo, report, unpublish } from './gallery';

/**
 * The gallery and the drawing square (docs/api.md "Image"):
 *   GET  /api/v1/img/creations?tool=&date=&page=   the caller's creations (login)
 *   POST /api/v1/img/creations_delete {task_id}     (login)
 *   POST /api/v1/img/publish {title, task_id}       (login)
 *   GET  /api/v1/img/publishs?page=, publishInfo?id= (no login)
 *   POST /api/v1/img/publish_like {id}, publish_report {id, reason, detail?}, publish_delete {id} (login)
 *   GET  /api/v1/img/published/{id}/image | /thumb  a listed image's bytes, for everyone
 */

/** Public bytes may be cached a little: a hidden image disappears from shared caches within this. */
const PUBLIC_CACHE = 'public, max-age=300';

function sendPublic(reply: FastifyReply, headers: Record<string, string>, body: unknown, status = 200) {
  return reply
    .code(status)
    .headers({ ...headers, 'cache-control': PUBLIC_CACHE })
    .send(body);
}

export async function registerGalleryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/v1/img/creations', async (req) => ok(await listCreations(ctx, requireUser(req).id, parse(ImgCreationsQuerySchema, req.query))));

  app.post('/v1/img/creations_delete', async (req) => {
    const user = requireUser(req);
    await deleteCreation(ctx, user.id, parse(ImgTaskBodySchema, req.body).task_id);
    return ok(null, MSG.imgCreationDeleted);
  });

  app.post('/v1/img/publish', async (req) => {
    const user = requireUser(req);
    return ok(await publish(ctx, user.id, parse(ImgPublishSchema, req.body)), MSG.imgPublished);
  });

  app.get('/v1/img/publishs', async (req) => ok(await listSquare(ctx, req.authUser?.id ?? null, parse(ImgPublishListQuerySchema, req.query).page)));

  app.get('/v1/img/publishInfo', async (req) => ok(await publishInfo(ctx, parse(ImgPublishIdSchema, req.query).id, req.authUser?.id ?? null)));

  app.post('/v1/img/publish_like', async (req) => {
    const user = requireUser(req);
    return ok(await like(ctx, user.id, parse(ImgPublishIdSchema, req.body).id));
  });

  app.post('/v1/img/publish_report', async (req) => {
    const user = requireUser(req);
    await report(ctx, user.id, parse(ImgReportSchema, req.body));
    return ok(null, MSG.imgReported);
  });

  app.post('/v1/img/publish_delete', async (req) => {
    const user = requireUser(req);
    await unpublish(ctx, user.id, parse(ImgPublishIdSchema, req.body).id);
    return ok(null, MSG.imgUnpublished);
  });

  // A listed image is read through its square row (the author's file, served as the files module
  // serves it); an unpublished file has no route here, and hidden rows answer 404 to everyone.
  app.get('/v1/img/published/:id/image', async (req, reply) => {
    const row = await listedForServing(ctx, parse(ImgPublishIdSchema, req.params).id);
    const { download } = parse(FileReadQuerySchema, req.query);
    const answer = await serveFile(ctx, row.userId, row.fileId, { download: download === '1' || download === 'true', rangeHeader: req.headers.range });
    if (answer.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(answer.location, 302);
    if (answer.kind === 'unsatisfiable') return reply.code(416).headers(answer.headers).send();
    return sendPublic(reply, answer.headers, answer.body, answer.status);
  });

  app.get('/v1/img/published/:id/thumb', async (req, reply) => {
    const row = await listedForServing(ctx, parse(ImgPublishIdSchema, req.params).id);
    const thumb = await serveThumb(ctx, row.userId, row.fileId);
    return sendPublic(reply, thumb.headers, thumb.body);
  });
}
