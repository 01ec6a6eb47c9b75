import type { FastifyInstance } from 'fastify';
import {
  DOC_LIBRARY_MAX_BYTES,
  DOC_LIBRARY_MSG,
  DocChatSchema,
  DocFileIdSchema,
  DocSearchSchema,
  FILE_UPLOAD_MAX_BYTES,
  MSG,
  ok,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { serveStream } from '../../streaming/serve';
import { uploadUserFile } from '../files/upload';
import { reserveQuota } from '../quota/service';
import { enableMultipart, readSingleFile } from '../uploads/multipart';
import { DOC_CHAT_QUOTA_KEY, docChatJob } from './chat';
import { docOverview } from './overview';
import { searchDocument } from './retrieve';
import { asTooLarge, deleteDoc, fileToText, listDocs, ownDoc, readyDoc, searchDoc, toInfo, uploadDoc } from './service';

/** Library uploads and file-to-text reads per user per minute (each one is parsed in a thread). */
export const DOC_UPLOADS_PER_MINUTE = 20;

/**
 * The document library's routes (docs/api.md "Document library"), login required, owner only:
 *   POST /api/v1/doc/uploadFile    multipart `file` -> DocFileInfo (status indexing; task_id shows progress)
 *   GET  /api/v1/doc/fileList      -> {list: DocFileInfo[], total}
 *   POST /api/v1/doc/fileDelete    {file_id}
 *   POST /api/v1/doc/fileSearch    {file_id, query} -> {mode, passages[{n, page, section, content, score}]}
 *   POST /api/v1/doc/overview      {file_id} -> {summary, outline[], demo} (made once, then cached)
 *   POST /api/v1/doc/chat          {file_id, question, history?} -> SSE (doc_passages, then the answer; chat_doc)
 *   POST /api/v1/files/file2text   multipart `file` -> {name, text, chars}
 *   POST /api/v1/file/upload       multipart `file` -> {file_id, ...StoredFile} (the file store's upload, for other tools)
 */
export async function registerDocLibraryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await enableMultipart(scope, Math.max(DOC_LIBRARY_MAX_BYTES, FILE_UPLOAD_MAX_BYTES));
    const readDoc = async (req: Parameters<typeof readSingleFile>[0]) => {
      try {
        return await readSingleFile(req, DOC_LIBRARY_MSG.tooLarge(DOC_LIBRARY_MAX_BYTES / 1024 / 1024), DOC_LIBRARY_MSG.needFile);
      } catch (err) {
        throw asTooLarge(err);
      }
    };
    scope.post('/v1/doc/uploadFile', async (req) => {
      const user = requireUser(req);
      await enforce(ctx.kv, `doc:upload:${user.id}`, 60, DOC_UPLOADS_PER_MINUTE);
      const file = await readDoc(req);
      return ok(await uploadDoc(ctx, user, file), DOC_LIBRARY_MSG.uploaded);
    });
    scope.post('/v1/files/file2text', async (req) => {
      const user = requireUser(req);
      await enforce(ctx.kv, `doc:upload:${user.id}`, 60, DOC_UPLOADS_PER_MINUTE);
      const file = await readDoc(req);
      return ok(await fileToText(ctx, user.id, file));
    });
    scope.post('/v1/file/upload', async (req) => {
      const user = requireUser(req);
      await enforce(ctx.kv, `files:upload:${user.id}`, 60, 30, MSG.filesUploadsTooFast);
      const file = await readSingleFile(req, MSG.filesTooLarge('文件', FILE_UPLOAD_MAX_BYTES / 1024 / 1024), MSG.filesNeedFile);
      const stored = await uploadUserFile(ctx, user, file);
      return ok({ file_id: stored.id, ...stored });
    });
  });

  app.get('/v1/doc/fileList', async (req) => {
    const user = requireUser(req);
    return ok(await listDocs(ctx, user.id));
  });

  app.post('/v1/doc/fileDelete', async (req) => {
    const user = requireUser(req);
    const { file_id } = parse(DocFileIdSchema, req.body);
    await deleteDoc(ctx, user.id, file_id);
    return ok(null, DOC_LIBRARY_MSG.deleted);
  });

  app.post('/v1/doc/fileSearch', async (req) => {
    const user = requireUser(req);
    const { file_id, query } = parse(DocSearchSchema, req.body);
    return ok(await searchDoc(ctx, user.id, file_id, query));
  });

  app.post('/v1/doc/overview', async (req) => {
    const user = requireUser(req);
    const { file_id } = parse(DocFileIdSchema, req.body);
    return ok(await docOverview(ctx, await readyDoc(ctx, user.id, file_id)));
  });

  app.get('/v1/doc/file/:file_id', async (req) => {
    const user = requireUser(req);
    const { file_id } = parse(DocFileIdSchema, req.params);
    return ok(toInfo(await ownDoc(ctx, user.id, file_id)));
  });

  app.post('/v1/doc/chat', async (req, reply) => {
    const user = requireUser(req);
    const body = parse(DocChatSchema, req.body);
    const doc = await readyDoc(ctx, user.id, body.file_id);
    const { passages } = await searchDocument(ctx, doc, body.question);
    await serveStream(ctx, { userId: user.id }, reply, req.log, async () => {
      // A refusal (次数已用尽) answers the JSON envelope before any stream starts.
      const hold = await reserveQuota(ctx, user, { quotaKey: DOC_CHAT_QUOTA_KEY, blockedVips: [] }, `doc:${doc.id}:${Date.now()}`);
      return docChatJob(ctx, doc, body, passages, hold);
    });
  });
}
