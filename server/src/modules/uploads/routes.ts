import type { FastifyInstance } from 'fastify';
import { ok, UPLOAD_LIMITS } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { enableMultipart, readSingleFile } from './multipart';
import { uploadAttachment } from './service';

/** Uploads per user per minute: each document is parsed on the server. */
export const UPLOADS_PER_MINUTE = 30;

/** POST /api/v1/file/yfoo.upload (multipart `file`, login required): one image or document → UploadRes. */
export async function registerUploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await enableMultipart(scope, UPLOAD_LIMITS.fileBytes);
    scope.post('/v1/file/yfoo.upload', async (req) => {
      const user = requireUser(req);
      await enforce(ctx.kv, `upload:${user.id}`, 60, UPLOADS_PER_MINUTE);
      const file = await readSingleFile(req);
      return ok(await uploadAttachment(ctx, user, file));
    });
  });
}
