import type { FastifyInstance } from 'fastify';
import {
  AGENT_CLASSIFIES,
  AgentAddSchema,
  AgentAssistantIdSchema,
  AgentChatSchema,
  AgentPageSchema,
  AgentPublicsSchema,
  AgentRecordAddSchema,
  AgentRecordIdSchema,
  AgentSnSchema,
  MSG,
  ok,
  UPLOAD_LIMITS,
  type AgentToolInfo,
} from '@wanxiang/contract';
import { z } from 'zod';
import { catalogFile } from '../../catalog';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { assertPhoneBound } from '../chat/service';
import { serveStream } from '../../streaming/serve';
import { enableMultipart, readSingleFile } from '../uploads/multipart';
import { uploadAttachment } from '../uploads/service';
import { loadSystemAgents } from './catalog';
import { agentStreamJob, prepareAgentTurn } from './chat';
import {
  addRecords,
  addUserAgent,
  AgentDirectory,
  agentInfo,
  collectAgent,
  collectList,
  deleteRecord,
  deleteUserAgent,
  myAgents,
  publicAgents,
  recordDetail,
  recordsList,
  resolveAgent,
} from './service';
import { AGENT_TOOL_DESCRIPTIONS } from './tool-descriptions';
import { agentToolNames } from './tools';

/** New user agents per user per hour. */
export const AGENT_ADDS_PER_HOUR = 30;
/** Agent file uploads per user per minute (each one is parsed). */
export const AGENT_FILES_PER_MINUTE = 30;

const RecordsListSchema = AgentPageSchema.extend({ assistant_id: z.string().trim().max(64).optional() });

/**
 * Agents (docs/product/agents.md §7): the agent API under /api/v1/agent (list, suggest, info, file,
 * chat streamed), the user-agent group under /api/v2/chat/agent and the tool list of
 * /api/v2/config/model/tools. GET reads take query parameters, POSTs a JSON body.
 */
export async function registerAgentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const dir = new AgentDirectory(loadSystemAgents(catalogFile(ctx.config.catalogDir, 'agents.json'), ctx.catalog));

  app.get('/v1/agent/list', async () => ok(dir.menu()));

  app.post('/v1/agent/suggest', async (req) => {
    const { assistant_id } = parse(AgentAssistantIdSchema, req.body);
    const item = await agentInfo(ctx, dir, assistant_id, req.authUser?.id ?? null);
    return ok(item.suggestions);
  });

  app.post('/v1/agent/info', async (req) => {
    const { assistant_id } = parse(AgentAssistantIdSchema, req.body);
    return ok(await agentInfo(ctx, dir, assistant_id, req.authUser?.id ?? null));
  });

  await app.register(async (scope) => {
    await enableMultipart(scope, UPLOAD_LIMITS.fileBytes);
    scope.post('/v1/agent/file', async (req) => {
      const user = requireUser(req);
      await enforce(ctx.kv, `agent:file:${user.id}`, 60, AGENT_FILES_PER_MINUTE);
      const file = await readSingleFile(req);
      const saved = await uploadAttachment(ctx, user, file);
      return ok({ file_id: saved.fileId, name: saved.name, size: saved.size, chars: saved.chars, kind: saved.kind });
    });
  });

  app.post('/v1/agent/chat', async (req, reply) => {
    const user = requireUser(req);
    assertPhoneBound(user);
    const body = parse(AgentChatSchema, req.body);
    await serveStream(ctx, { userId: user.id }, reply, req.log, async () => {
      const agent = await resolveAgent(ctx, dir, body.assistant_id, user.id);
      return agentStreamJob(ctx, await prepareAgentTurn(ctx, user, agent, body), req.log);
    });
  });

  // User agents (/api/v2/chat/agent/*).
  app.post('/v2/chat/agent/add', async (req) => {
    const user = requireUser(req);
    const input = parse(AgentAddSchema, req.body);
    await enforce(ctx.kv, `agent:add:${user.id}`, 3600, AGENT_ADDS_PER_HOUR);
    return ok(await addUserAgent(ctx, user.id, input), MSG.agentsAdded);
  });

  app.get('/v2/chat/agent/my_create', async (req) => {
    const user = requireUser(req);
    const { page, rows } = parse(AgentPageSchema, req.query);
    return ok(await myAgents(ctx, user.id, page, rows));
  });

  app.post('/v2/chat/agent/info', async (req) => {
    const { sn } = parse(AgentSnSchema, req.body);
    return ok(await agentInfo(ctx, dir, sn, req.authUser?.id ?? null));
  });

  app.post('/v2/chat/agent/delete', async (req) => {
    const user = requireUser(req);
    const { sn } = parse(AgentSnSchema, req.body);
    await deleteUserAgent(ctx, user.id, sn);
    return ok(null, MSG.agentsDeleted);
  });

  app.get('/v2/chat/agent/classify', async () => ok(AGENT_CLASSIFIES.map((c) => ({ ...c }))));

  app.get('/v2/chat/agent/publics', async (req) => {
    const { page, rows, keyword } = parse(AgentPublicsSchema, req.query);
    return ok(await publicAgents(ctx, req.authUser?.id ?? null, keyword, page, rows));
  });

  app.post('/v2/chat/agent/add_records', async (req) => {
    const user = requireUser(req);
    const body = parse(AgentRecordAddSchema, req.body);
    await resolveAgent(ctx, dir, body.assistant_id, user.id);
    return ok(await addRecords(ctx, user.id, body.assistant_id, body.conversation_id, body.messages));
  });

  app.get('/v2/chat/agent/records_lists', async (req) => {
    const user = requireUser(req);
    const { page, rows, assistant_id } = parse(RecordsListSchema, req.query);
    return ok(await recordsList(ctx, user.id, assistant_id || undefined, page, rows));
  });

  app.post('/v2/chat/agent/records_details', async (req) => {
    const user = requireUser(req);
    const { id } = parse(AgentRecordIdSchema, req.body);
    return ok(await recordDetail(ctx, user.id, id));
  });

  app.post('/v2/chat/agent/delete_records', async (req) => {
    const user = requireUser(req);
    const { id } = parse(AgentRecordIdSchema, req.body);
    await deleteRecord(ctx, user.id, id);
    return ok(null, MSG.agentsDeleted);
  });

  app.get('/v2/chat/agent/collect_list', async (req) => {
    const user = requireUser(req);
    return ok(await collectList(ctx, dir, user.id));
  });

  app.post('/v2/chat/agent/collect', async (req) => {
    const user = requireUser(req);
    const { sn } = parse(AgentSnSchema, req.body);
    const r = await collectAgent(ctx, dir, user.id, sn);
    return ok(r, r.collected ? MSG.agentsCollected : MSG.agentsUncollected);
  });

  app.get('/v2/config/model/tools', async () => {
    const tools: AgentToolInfo[] = agentToolNames().map((name) => ({ name, description: AGENT_TOOL_DESCRIPTIONS[name] ?? name }));
    return ok(tools);
  });
}
