import type { FastifyInstance } from 'fastify';
import {
  AIGC_FILE_MAX_BYTES,
  AIGC_MSG,
  AigcCheckSchema,
  AigcFileIdSchema,
  AigcListSchema,
  AigcRewriteIdSchema,
  AigcRewriteSchema,
  AigcTaskIdSchema,
  MSG,
  ok,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { enableMultipart, readSingleFile } from '../uploads/multipart';
import { deleteLibraryFile, emptyLibrary, listLibraryFiles, uploadLibraryFile } from './library';
import {
  deleteCheck,
  deleteRewrite,
  emptyChecks,
  emptyRewrites,
  listChecks,
  rewriteList,
  submitCheck,
  submitRewrite,
  taskDetails,
} from './service';

/** Checks per user per minute (each also holds a count). */
export const AIGC_CHECKS_PER_MINUTE = 10;
/** Rewrites per user per minute. */
export const AIGC_REWRITES_PER_MINUTE = 20;
/** Uploads per user per minute (each is parsed on the server). */
export const AIGC_UPLOADS_PER_MINUTE = 20;

/**
 * AIGC检测, 降AI率 and 论文查重 (docs/api.md "AIGC detection"), login required everywhere:
 *   POST /api/v1/aigc/files/upload (multipart file)      the library: PDF, DOCX, TXT, MD -> {file_id, name, chars}
 *   GET  /api/v1/aigc/files/list                          {list}
 *   POST /api/v1/aigc/files/delete {file_id}
 *   POST /api/v1/aigc/files/empty
 *   POST /api/v1/aigc/task/check {mode, text | file_id, title?, usePoints?}   -> {task_id}
 *   GET  /api/v1/aigc/task/list?mode=&page=              {list, total}
 *   GET  /api/v1/aigc/task/details?task_id=              the task with its report and report file
 *   POST /api/v1/aigc/task/delete {task_id}
 *   POST /api/v1/aigc/task/empty
 *   POST /api/v1/aigc/task/rewrite {task_id, index, usePoints?}   -> {rewrite_id}
 *   GET  /api/v1/aigc/task/rewriteList?task_id=          {list}
 *   POST /api/v1/aigc/task/deleteRewrite {rewrite_id}
 *   POST /api/v1/aigc/task/emptyRewrite {task_id}
 * Progress of a check or a rewrite: GET /api/v1/tasks/{id} (and /events), as for every task.
 */
export async function registerAigcRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await enableMultipart(scope, AIGC_FILE_MAX_BYTES);
    scope.post('/v1/aigc/files/upload', async (req) => {
      const user = requireUser(req);
      await enforce(ctx.kv, `aigc:upload:${user.id}`, 60, AIGC_UPLOADS_PER_MINUTE);
      const file = await readSingleFile(req, AIGC_MSG.fileTooLarge(AIGC_FILE_MAX_BYTES / 1024 / 1024), MSG.importNeedFile);
      return ok(await uploadLibraryFile(ctx, user.id, file));
    });
  });

  app.get('/v1/aigc/files/list', async (req) => {
    const user = requireUser(req);
    return ok({ list: await listLibraryFiles(ctx, user.id) });
  });

  app.post('/v1/aigc/files/delete', async (req) => {
    const user = requireUser(req);
    const { file_id } = parse(AigcFileIdSchema, req.body);
    await deleteLibraryFile(ctx, user.id, file_id);
    return ok(null, AIGC_MSG.deleted);
  });

  app.post('/v1/aigc/files/empty', async (req) => {
    const user = requireUser(req);
    return ok({ deleted: await emptyLibrary(ctx, user.id) }, AIGC_MSG.emptied);
  });

  app.post('/v1/aigc/task/check', async (req) => {
    const user = requireUser(req);
    const body = parse(AigcCheckSchema, req.body);
    await enforce(ctx.kv, `aigc:check:${user.id}`, 60, AIGC_CHECKS_PER_MINUTE);
    return ok(await submitCheck(ctx, user, body));
  });

  app.get('/v1/aigc/task/list', async (req) => {
    const user = requireUser(req);
    const { mode, page } = parse(AigcListSchema, req.query);
    return ok(await listChecks(ctx, user.id, mode, page));
  });

  app.get('/v1/aigc/task/details', async (req) => {
    const user = requireUser(req);
    const { task_id } = parse(AigcTaskIdSchema, req.query);
    return ok(await taskDetails(ctx, user.id, task_id));
  });

  app.post('/v1/aigc/task/delete', async (req) => {
    const user = requireUser(req);
    const { task_id } = parse(AigcTaskIdSchema, req.body);
    await deleteCheck(ctx, user.id, task_id);
    return ok(null, AIGC_MSG.deleted);
  });

  app.post('/v1/aigc/task/empty', async (req) => {
    const user = requireUser(req);
    return ok({ deleted: await emptyChecks(ctx, user.id) }, AIGC_MSG.emptied);
  });

  app.post('/v1/aigc/task/rewrite', async (req) => {
    const user = requireUser(req);
    const { task_id, index, usePoints } = parse(AigcRewriteSchema, req.body);
    await enforce(ctx.kv, `aigc:rewrite:${user.id}`, 60, AIGC_REWRITES_PER_MINUTE);
    return ok(await submitRewrite(ctx, user, task_id, index, usePoints === true));
  });

  app.get('/v1/aigc/task/rewriteList', async (req) => {
    const user = requireUser(req);
    const { task_id } = parse(AigcTaskIdSchema, req.query);
    return ok(await rewriteList(ctx, user.id, task_id));
  });

  app.post('/v1/aigc/task/deleteRewrite', async (req) => {
    const user = requireUser(req);
    const { rewrite_id } = parse(AigcRewriteIdSchema, req.body);
    await deleteRewrite(ctx, user.id, rewrite_id);
    return ok(null, AIGC_MSG.deleted);
  });

  app.post('/v1/aigc/task/emptyRewrite', async (req) => {
    const user = requireUser(req);
    const { task_id } = parse(AigcTaskIdSchema, req.body);
    return ok({ deleted: await emptyRewrites(ctx, user.id, task_id) }, AIGC_MSG.emptied);
  });
}
