import type { FastifyInstance } from 'fastify';
import {
  GroupAddSchema,
  GroupCommentSchema,
  GroupIdSchema,
  GroupListSchema,
  GroupModelsSchema,
  GroupRecordAddSchema,
  GroupRecordDeleteSchema,
  MSG,
  ok,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import {
  addGroup,
  addRound,
  groupDetails,
  listComments,
  listGroups,
  removeGroup,
  removeRound,
  resetGroupRounds,
  setGroupModels,
  submitComment,
} from './service';

/**
 * Comparison sessions (docs/product/battle.md §7), login required. A group id of another user
 * answers code 404 with 会话不存在或已删除, exactly like a deleted one.
 */
export async function registerGroupRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const base = '/v2/chat/groups';

  app.post(`${base}/add`, async (req) => ok(await addGroup(ctx, requireUser(req).id, parse(GroupAddSchema, req.body))));

  app.post(`${base}/add_models`, async (req) => ok(await setGroupModels(ctx, requireUser(req).id, parse(GroupModelsSchema, req.body))));

  app.post(`${base}/reset`, async (req) =>
    ok(await resetGroupRounds(ctx, requireUser(req).id, parse(GroupIdSchema, req.body).id), MSG.clearSuccess),
  );

  app.post(`${base}/delete`, async (req) => {
    const user = requireUser(req);
    await removeGroup(ctx, user.id, parse(GroupIdSchema, req.body).id);
    return ok(null, MSG.deleteSuccess);
  });

  app.post(`${base}/record/add`, async (req) => ok(await addRound(ctx, requireUser(req).id, parse(GroupRecordAddSchema, req.body))));

  // The list is posted like the chat history list; a GET with the same fields in the query works too.
  app.post(`${base}/record/lists`, async (req) => ok(await listGroups(ctx, requireUser(req).id, parse(GroupListSchema, req.body))));
  app.get(`${base}/record/lists`, async (req) => ok(await listGroups(ctx, requireUser(req).id, parse(GroupListSchema, req.query))));

  app.post(`${base}/record/details`, async (req) => ok(await groupDetails(ctx, requireUser(req).id, parse(GroupIdSchema, req.body).id)));

  app.post(`${base}/record/delete`, async (req) => {
    const user = requireUser(req);
    await removeRound(ctx, user.id, parse(GroupRecordDeleteSchema, req.body));
    return ok(null, MSG.deleteSuccess);
  });

  app.post(`${base}/comment/submit`, async (req) =>
    ok(await submitComment(ctx, requireUser(req).id, parse(GroupCommentSchema, req.body)), MSG.battleBestSaved),
  );

  app.post(`${base}/comment/lists`, async (req) => ok(await listComments(ctx, requireUser(req).id, parse(GroupIdSchema, req.body).id)));
}
