import type { FastifyInstance } from 'fastify';
import { DOC_TRANSLATE_MAX_BYTES, DocTranslateQuerySchema, DocTranslateSchema, MSG, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { FILE_UPLOADS_PER_MINUTE } from '../files/routes';
import { enableMultipart, readSingleFile } from '../uploads/multipart';
import { submitTranslation, translationProgress, translationStatus, uploadPdf } from './service';

/**
 * The spec's document translation calls (search-agents-tools 7.6; docs/api.md "Document
 * translation"), login required, JSON bodies:
 *   POST /api/v1/doc/translate               {file_id, source_lang?, target_lang, mode?, glossary?, usePoints?} -> {task_id}
 *   POST /api/v1/doc/translate_query         {task_id} -> {status, progress, stage, error?, files?, text?}
 *   POST /api/v1/pdf/uploadPdf               multipart `file` -> {file_id, name, bytes, pages}
 *   POST /api/v1/pdf/translate               as doc/translate, a PDF (built-in engine) -> {task_id}
 *   POST /api/v1/pdf/format_translate        as pdf/translate, the layout-preserving engine (403 until the operator runs one)
 *   POST /api/v1/pdf/format_translate_query  {task_id} (a layout-engine task)
 *   POST /api/v1/pdf/progress                {task_id} -> {status, progress, stage, error?}
 */
export async function registerDocTranslateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v1/doc/translate', async (req) => ok(await submitTranslation(ctx, requireUser(req), 'doc', parse(DocTranslateSchema, req.body))));
  app.post('/v1/doc/translate_query', async (req) => ok(await translationStatus(ctx, requireUser(req), parse(DocTranslateQuerySchema, req.body).task_id)));
  app.post('/v1/pdf/translate', async (req) => ok(await submitTranslation(ctx, requireUser(req), 'pdf', parse(DocTranslateSchema, req.body))));
  app.post('/v1/pdf/format_translate', async (req) => ok(await submitTranslation(ctx, requireUser(req), 'pdf-layout', parse(DocTranslateSchema, req.body))));
  app.post('/v1/pdf/format_translate_query', async (req) => ok(await translationStatus(ctx, requireUser(req), parse(DocTranslateQuerySchema, req.body).task_id, true)));
  app.post('/v1/pdf/progress', async (req) => ok(await translationProgress(ctx, requireUser(req), parse(DocTranslateQuerySchema, req.body).task_id)));

  await app.register(async (scope) => {
    await enableMultipart(scope, DOC_TRANSLATE_MAX_BYTES);
    scope.post('/v1/pdf/uploadPdf', async (req) => {
      const user = requireUser(req);
      // Shares the file store's upload budget: this is an upload like any other.
      await enforce(ctx.kv, `files:upload:${user.id}`, 60, FILE_UPLOADS_PER_MINUTE, MSG.filesUploadsTooFast);
      const file = await readSingleFile(req, MSG.taskFileTooLarge('文档', DOC_TRANSLATE_MAX_BYTES / 1024 / 1024), MSG.docTranslateNeedPdf);
      return ok(await uploadPdf(ctx, user, file));
    });
  });
}
