import type { FastifyInstance } from 'fastify';
import {
  IMG_DESCRIBE_MAX_BYTES,
  ImgBase64QuerySchema,
  ImgDescribeSchema,
  ImgMattingQuerySchema,
  ImgPageQuerySchema,
  ImgPromptSchema,
  ImgQrInfoQuerySchema,
  ImgTaskQuerySchema,
  ok,
  type ImgCall,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { describeImage } from './describe-image';
import { registerGalleryRoutes } from './gallery-routes';
import { rewritePrompt } from './prompt-helper';
import { fileAsDataUrl, imgTaskStatus, matting, qrcodes, qrcodeInfo, refuseFaceCall, submitImgCall } from './service';

/**
 * The spec's image calls (search-agents-tools 7.6; docs/api.md "Image"), login required:
 *   POST txt2img, img2img, lines2img, extendbytxt, colorize, auto_matting, txt2qrcode, qrcodes_add
 *        and GET enhance_image: the tool's form values -> {task_id} at once (the task engine runs it)
 *   GET  query?task_id=         {status, progress, stage, error?, images?}
 *   GET  matting?task_id= | ?page=, qrcodes?page=, qrcode_info?id=
 *   POST prompt {prompt}         {prompt}: a drawing prompt written by the chat model (free, rate-limited)
 *   face, faceModel, faceswapByPhotography, faceswapByIdentificationPhoto: 403 until a licensed vendor exists
 *   GET  getbase64?id=           one of the caller's images as a data URL
 *   POST /api/v1/ocr/descriptionImage {image}   {description} by a vision model (one chat_image count)
 * plus the gallery and the drawing square (gallery-routes.ts).
 */

/** Calls whose body is the tool's form (POST), and the one the spec makes a GET with its query. */
const POST_CALLS: readonly ImgCall[] = ['txt2img', 'img2img', 'lines2img', 'extendbytxt', 'colorize', 'auto_matting', 'txt2qrcode', 'qrcodes_add'];

/** A data URL of the largest accepted image, with room for the JSON around it. */
export const DESCRIBE_BODY_LIMIT = Math.ceil((IMG_DESCRIBE_MAX_BYTES * 4) / 3) + 64 * 1024;

export async function registerImgRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const call of POST_CALLS) {
    app.post(`/v1/img/${call}`, async (req) => ok(await submitImgCall(ctx, requireUser(req), call, req.body)));
  }
  // The spec makes enhance_image a GET: it still queues a task, so no cache may keep its answer.
  app.get('/v1/img/enhance_image', async (req, reply) => {
    const answer = await submitImgCall(ctx, requireUser(req), 'enhance_image', req.query);
    return reply.header('cache-control', 'no-store').send(ok(answer));
  });

  app.get('/v1/img/query', async (req) => ok(await imgTaskStatus(ctx, requireUser(req), parse(ImgTaskQuerySchema, req.query).task_id)));
  app.get('/v1/img/matting', async (req) => ok(await matting(ctx, requireUser(req), parse(ImgMattingQuerySchema, req.query))));
  app.get('/v1/img/qrcodes', async (req) => ok(await qrcodes(ctx, requireUser(req), parse(ImgPageQuerySchema, req.query).page)));
  app.get('/v1/img/qrcode_info', async (req) => ok(await qrcodeInfo(ctx, requireUser(req), parse(ImgQrInfoQuerySchema, req.query).id)));

  app.post('/v1/img/prompt', async (req) => {
    const user = requireUser(req);
    return ok(await rewritePrompt(ctx, user.id, parse(ImgPromptSchema, req.body).prompt));
  });

  for (const call of ['face', 'faceModel', 'faceswapByPhotography', 'faceswapByIdentificationPhoto']) {
    app.route({
      method: ['GET', 'POST'],
      url: `/v1/img/${call}`,
      handler: async (req) => {
        requireUser(req);
        refuseFaceCall();
      },
    });
  }

  app.get('/v1/img/getbase64', async (req, reply) => {
    const user = requireUser(req);
    const answer = await fileAsDataUrl(ctx, user, parse(ImgBase64QuerySchema, req.query).id);
    return reply.header('cache-control', 'private, no-store').send(ok(answer));
  });

  app.post('/v1/ocr/descriptionImage', { bodyLimit: DESCRIBE_BODY_LIMIT }, async (req) => {
    const user = requireUser(req);
    return ok(await describeImage(ctx, user, parse(ImgDescribeSchema, req.body).image));
  });

  await registerGalleryRoutes(app, ctx);
}
