import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  MSG,
  ok,
  pptContentProblem,
  pptCreateProblem,
  PptCreateSchema,
  PptOutlineSchema,
  PptTaskIdQuerySchema,
  PptTaskQuerySchema,
  PptTemplateQuerySchema,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { badRequest, refused } from '../../http/errors';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { serveStream } from '../../streaming/serve';
import { PPTX_TYPE } from './build-task';
import { documentSource } from '../doc-source/source';
import { outlineJob, pickOutlineModel } from './outline-stream';
import { createPresentation, downloadTask, previewTask, taskStatus, templates } from './service';

/** Outlines per user per minute (each is a model call). */
export const PPT_OUTLINES_PER_MINUTE = 20;
/** Deck builds per user per minute (each is also a held count). */
export const PPT_BUILDS_PER_MINUTE = 10;


/**
 * Presentations (docs/product/mindmap-and-slides.md §7), login required:
 *   POST /api/v1/ppt/outline {content}            outline markdown, streamed (chat stream protocol)
 *        or {fileId, from?: 'doc'|'oldPpt'}       from the caller's uploaded document or old deck (§11)
 *   GET  /api/v1/ppt/templete?style=&color=       templates (alias /template)
 *   POST /api/v1/ppt/createNewPPT {id, content}   {task_id, url} (aliases createPPT, create)
 *   GET  /api/v1/ppt/task?task_id=                {task_id, status, title}
 *   GET  /api/v1/ppt/preview?id=                  slides + template for thumbnails
 *   GET  /api/v1/ppt/down?id=                     the .pptx (alias /download)
 */
export async function registerSlidesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v1/ppt/outline', async (req, reply) => {
    const user = requireUser(req);
    const body = parse(PptOutlineSchema, req.body);
    const problem = pptContentProblem(body);
    if (problem) throw badRequest(problem);
    await enforce(ctx.kv, `ppt:outline:${user.id}`, 60, PPT_OUTLINES_PER_MINUTE);
    const model = pickOutlineModel(ctx);
    if (!model) throw refused(MSG.slidesFailed);
    // A document or an old deck of the caller's (another user's id: 404), read before the stream starts.
    const doc = body.fileId ? await documentSource(ctx, user.id, body.fileId, model) : undefined;
    await serveStream(ctx, { userId: user.id }, reply, req.log, async () => outlineJob(ctx, model, body, doc));
    return reply;
  });

  const listTemplates = async (req: FastifyRequest) => ok(templates(ctx).list(parse(PptTemplateQuerySchema, req.query)));
  app.get('/v1/ppt/templete', listTemplates);
  app.get('/v1/ppt/template', listTemplates);

  const create = async (req: FastifyRequest) => {
    const user = requireUser(req);
    const body = parse(PptCreateSchema, req.body);
    const problem = pptCreateProblem(body);
    if (problem) throw badRequest(problem);
    await enforce(ctx.kv, `ppt:create:${user.id}`, 60, PPT_BUILDS_PER_MINUTE);
    return ok(await createPresentation(ctx, user, body));
  };
  app.post('/v1/ppt/createNewPPT', create);
  app.post('/v1/ppt/createPPT', create);
  app.post('/v1/ppt/create', create);

  app.get('/v1/ppt/task', async (req) => {
    const user = requireUser(req);
    const { task_id } = parse(PptTaskQuerySchema, req.query);
    return ok(await taskStatus(ctx, user, task_id));
  });

  app.get('/v1/ppt/preview', async (req) => {
    const user = requireUser(req);
    const { id } = parse(PptTaskIdQuerySchema, req.query);
    return ok(await previewTask(ctx, user, id));
  });

  const download = async (req: FastifyRequest, reply: FastifyReply) => {
    const user = requireUser(req);
    const { id } = parse(PptTaskIdQuerySchema, req.query);
    const file = await downloadTask(ctx, user, id);
    return reply
      .header('content-type', PPTX_TYPE)
      .header('content-disposition', `attachment; filename="presentation.pptx"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  };
  app.get('/v1/ppt/down', download);
  app.get('/v1/ppt/download', download);
}
