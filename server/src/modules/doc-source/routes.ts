import type { FastifyInstance } from 'fastify';
import { Code, DOC_SOURCE_MAX_BYTES, DocSourceUseSchema, MSG, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { AppError, badRequest } from '../../http/errors';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { enableMultipart, readSingleFile } from '../uploads/multipart';
import { uploadDocSource } from './service';

/** Documents read per user per minute (each is parsed in a worker thread), as for attachments. */
export const DOC_SOURCES_PER_MINUTE = 30;

/**
 * POST /api/v1/docSource/upload (multipart `file`, field `use`: mindmap | ppt | oldPpt; login required):
 * a document as the source of a mind map or a deck (docs/product/mindmap-and-slides.md §11) -> DocSourceRes.
 * The mind map and outline calls then take its `fileId`.
 */
export async function registerDocSourceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await enableMultipart(scope, DOC_SOURCE_MAX_BYTES);
    scope.post('/v1/docSource/upload', async (req) => {
      const user = requireUser(req);
      await enforce(ctx.kv, `docsource:${user.id}`, 60, DOC_SOURCES_PER_MINUTE);
      const file = await readSingleFile(req, MSG.fileTooLarge, MSG.docSourceNeedFile).catch((err: unknown) => {
        // Too large is bad input like the rest of this call's refusals: 400 with the size sentence.
        if (err instanceof AppError && err.code === Code.PAYLOAD_TOO_LARGE) throw badRequest(err.message);
        throw err;
      });
      const use = file.fields.use ? parse(DocSourceUseSchema, file.fields.use) : 'mindmap';
      return ok(await uploadDocSource(ctx, user, use, file));
    });
  });
}
