import type { FastifyInstance } from 'fastify';
import { MSG, ok, RecordAddSchema, RecordClearSchema, RecordIdSchema, RecordListSchema, RecordRenameSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { addRecord, clearRecords, deleteRecord, getRecord, listRecords, renameRecord } from './service';

/**
 * Chat history (docs/product/chat.md §7), login required. A conversation id of another
 * user answers code 404 with 会话不存在或已删除, exactly like a deleted one.
 */
export async function registerHistoryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The spec's web app posts the list; a GET with the same fields in the query works too.
  app.post('/v1/chat/record/list', async (req) => {
    const user = requireUser(req);
    return ok(await listRecords(ctx, user.id, parse(RecordListSchema, req.body)));
  });
  app.get('/v1/chat/record/list', async (req) => {
    const user = requireUser(req);
    return ok(await listRecords(ctx, user.id, parse(RecordListSchema, req.query)));
  });

  app.post('/v1/chat/record/data', async (req) => {
    const user = requireUser(req);
    return ok(await getRecord(ctx, user.id, parse(RecordIdSchema, req.body).id));
  });

  app.post('/v1/chat/record/add', async (req) => {
    const user = requireUser(req);
    return ok(await addRecord(ctx, user.id, parse(RecordAddSchema, req.body)));
  });

  app.post('/v1/chat/record/rename', async (req) => {
    const user = requireUser(req);
    return ok(await renameRecord(ctx, user.id, parse(RecordRenameSchema, req.body)));
  });

  app.post('/v1/chat/record/delete', async (req) => {
    const user = requireUser(req);
    await deleteRecord(ctx, user.id, parse(RecordIdSchema, req.body).id);
    return ok(null, MSG.deleteSuccess);
  });

  app.post('/v1/chat/record/clear', async (req) => {
    const user = requireUser(req);
    return ok(await clearRecords(ctx, user.id, parse(RecordClearSchema, req.body).type), MSG.clearSuccess);
  });
}
