import type { FastifyInstance } from 'fastify';
import { MSG, ok, TaskIdParamsSchema, TaskListQuerySchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { streamTaskEvents } from './events';
import { cancelUserTask, deleteUserTask, getTask, listTasks, retryUserTask } from './service';

/**
 * Tasks (docs/api.md "Tasks"), login required, each task only for its owner (anyone else's is 404):
 *   GET  /api/v1/tasks?tool=&page=          {list, total} the user's tasks of one tool, newest first
 *   GET  /api/v1/tasks/{taskId}             the task: status, progress, stage, error?, result?
 *   GET  /api/v1/tasks/{taskId}/events      SSE `task` on every change; ends after a terminal state
 *   POST /api/v1/tasks/{taskId}/cancel      cancel a queued or running task (refunded)
 *   POST /api/v1/tasks/{taskId}/retry       {task_id} a new task with the same inputs
 *   POST /api/v1/tasks/{taskId}/delete      an ended task and the files it produced (a live one: 400)
 * A task tool is started by POST /api/v1/tools/{id}/run (modules/tools -> submitToolTask).
 */
export async function registerTaskRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/v1/tasks', async (req) => ok(await listTasks(ctx, requireUser(req), parse(TaskListQuerySchema, req.query))));

  app.get('/v1/tasks/:taskId', async (req) => ok(await getTask(ctx, requireUser(req), parse(TaskIdParamsSchema, req.params).taskId)));

  app.get('/v1/tasks/:taskId/events', async (req, reply) => {
    const user = requireUser(req);
    // The owner check answers its 404 envelope before any stream starts.
    const first = await getTask(ctx, user, parse(TaskIdParamsSchema, req.params).taskId);
    await streamTaskEvents(ctx, reply, user.id, first);
    return reply;
  });

  app.post('/v1/tasks/:taskId/cancel', async (req) => ok(await cancelUserTask(ctx, requireUser(req), parse(TaskIdParamsSchema, req.params).taskId)));

  app.post('/v1/tasks/:taskId/retry', async (req) => ok(await retryUserTask(ctx, requireUser(req), parse(TaskIdParamsSchema, req.params).taskId)));

  app.post('/v1/tasks/:taskId/delete', async (req) => {
    await deleteUserTask(ctx, requireUser(req), parse(TaskIdParamsSchema, req.params).taskId);
    return ok(null, MSG.taskDeleted);
  });
}
