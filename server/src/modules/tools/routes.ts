import type { FastifyInstance } from 'fastify';
import {
  ok,
  MSG,
  ToolExportQuerySchema,
  ToolHistoryQuerySchema,
  ToolIdParamsSchema,
  ToolRunIdParamsSchema,
  ToolRunSchema,
  ToolRunsQuerySchema,
  toolById,
  type ToolOverridesRes,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { serveStream } from '../../streaming/serve';
import { checkToolRegistry } from '../../tools';
import { reserveQuota } from '../quota/service';
import { submitToolTask } from '../tasks/service';
import { exportFileName, runDocx, runMarkdown } from './export';
import { effectiveRegistry, toolOverridesOf, toolSettings } from './overrides';
import { addFileFacts, deleteRun, listTools, ownRun, preparePromptRun, promptRunJob, recentRuns, runnableTool, toolHistory } from './service';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The tool registry's routes (docs/api.md "Tools"): the public list; a run (a prompt tool streams
 * its answer with the chat events, paid by the one pay rule and saved to its history; a task tool
 * answers {task_id}); the owner's history (one tool's, or every tool's), delete and export (md,
 * docx) of prompt-tool runs.
 */
export async function registerToolRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // A registry that does not hold together (a prompt tool without its server half, an unknown
  // quota key, an example its own form refuses) stops the server at boot, not a user's run. The
  // operator's overrides are part of it; the console runs the same check before it saves one.
  checkToolRegistry(ctx.catalog, effectiveRegistry(toolOverridesOf(ctx)));

  app.get('/v1/tools', async () => ok({ list: listTools(ctx) }));

  // What the operator changed over the registry the web bundles (enabled, points, quotaKey), by tool id.
  app.get('/v1/tools/overrides', async () => {
    const data: ToolOverridesRes = { tools: toolSettings(ctx) };
    return ok(data);
  });

  app.post('/v1/tools/:id/run', async (req, reply) => {
    const user = requireUser(req);
    const { id } = parse(ToolIdParamsSchema, req.params);
    const body = parse(ToolRunSchema, req.body);
    const tool = runnableTool(ctx, id);
    // A task tool is queued on the task engine: {task_id} at once, progress from /api/v1/tasks/{id}.
    if (tool.kind === 'task') return ok(await submitToolTask(ctx, user, tool.id, body.inputs, { usePoints: body.usePoints }));
    const run = preparePromptRun(ctx, tool, body);
    await addFileFacts(ctx, user.id, run);
    await serveStream(ctx, { userId: user.id }, reply, req.log, async () => {
      // A refusal (次数已用尽, a tier the model is closed to) answers the JSON envelope before any stream starts.
      const hold = await reserveQuota(ctx, user, { quotaKey: tool.quotaKey, blockedVips: run.model.blockedVips }, `tool:${run.id}`);
      return promptRunJob(ctx, user.id, run, hold);
    });
  });

  app.get('/v1/tools/:id/history', async (req) => {
    const user = requireUser(req);
    const { id } = parse(ToolIdParamsSchema, req.params);
    const { page } = parse(ToolHistoryQuerySchema, req.query);
    return ok(await toolHistory(ctx, user.id, id, page));
  });

  // Every tool's runs of the caller at once (the data board), paged like the other lists.
  app.get('/v1/tools/runs', async (req) => {
    const user = requireUser(req);
    return ok(await recentRuns(ctx, user.id, parse(ToolRunsQuerySchema, req.query)));
  });

  app.post('/v1/tools/runs/:runId/delete', async (req) => {
    const user = requireUser(req);
    const { runId } = parse(ToolRunIdParamsSchema, req.params);
    await deleteRun(ctx, user.id, runId);
    return ok(null, MSG.toolRunDeleted);
  });

  app.get('/v1/tools/runs/:runId/export', async (req, reply) => {
    const user = requireUser(req);
    const { runId } = parse(ToolRunIdParamsSchema, req.params);
    const { format } = parse(ToolExportQuerySchema, req.query);
    const row = await ownRun(ctx, user.id, runId);
    const run = { id: row.id, title: toolById(row.toolId)?.title ?? MSG.toolExportTitleFallback, content: row.content, createdAt: row.createdAt };
    const name = exportFileName(run, format);
    const body = format === 'docx' ? await runDocx(run) : Buffer.from(runMarkdown(run), 'utf8');
    return reply
      .header('content-type', format === 'docx' ? DOCX_TYPE : 'text/markdown; charset=utf-8')
      .header('content-disposition', `attachment; filename="${format === 'docx' ? 'result.docx' : 'result.md'}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'private, no-store')
      .send(body);
  });
}
