import type { FastifyInstance } from 'fastify';
import { FILE_UPLOAD_MAX_BYTES, FileIdParamsSchema, FileReadQuerySchema, MSG, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { enableMultipart, readSingleFile } from '../uploads/multipart';
import { serveFile, serveThumb } from './serve';
import { uploadUserFile } from './upload';

/** Uploads per user per minute (each is decoded or checked, then stored). */
export const FILE_UPLOADS_PER_MINUTE = 30;

/**
 * The file store's API (docs/api.md "Files"), login required, owner only:
 *   POST /api/v1/files/upload           multipart field `file` -> {id, name, bytes, contentType, url, width?, height?}
 *   GET  /api/v1/files/{id}[?download=1] the bytes (Range supported), or a 302 to a signed URL (FILES_SIGNED_URLS)
 *   GET  /api/v1/files/{id}/thumb        images: a small WebP, made once and stored
 */
export async function registerFileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await enableMultipart(scope, FILE_UPLOAD_MAX_BYTES);
    scope.post('/v1/files/upload', async (req) => {
      const user = requireUser(req);
      await enforce(ctx.kv, `files:upload:${user.id}`, 60, FILE_UPLOADS_PER_MINUTE, MSG.filesUploadsTooFast);
      const file = await readSingleFile(req, MSG.filesTooLarge('文件', FILE_UPLOAD_MAX_BYTES / 1024 / 1024), MSG.filesNeedFile);
      return ok(await uploadUserFile(ctx, user, file));
    });
  });

  app.get('/v1/files/:id', async (req, reply) => {
    const user = requireUser(req);
    const { id } = parse(FileIdParamsSchema, req.params);
    const { download } = parse(FileReadQuerySchema, req.query);
    const answer = await serveFile(ctx, user.id, id, {
      download: download === '1' || download === 'true',
      rangeHeader: req.headers.range,
    });
    if (answer.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(answer.location, 302);
    if (answer.kind === 'unsatisfiable') return reply.code(416).headers(answer.headers).send();
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });

  app.get('/v1/files/:id/thumb', async (req, reply) => {
    const user = requireUser(req);
    const { id } = parse(FileIdParamsSchema, req.params);
    const thumb = await serveThumb(ctx, user.id, id);
    return reply.headers(thumb.headers).send(thumb.body);
  });
}
