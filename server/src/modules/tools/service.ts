import { randomUUID } from 'node:crypto';
import {
  checkToolInputs,
  Code,
  MSG,
  PROMPT_TOOL_MODELS,
  STREAM_ERROR_CODES,
  TOOL_HISTORY_PAGE_SIZE,
  toolById,
  toolIdsOfGroup,
  type ToolHistoryRes,
  type ToolInputs,
  type ToolListItem,
  type ToolRunItem,
  type ToolRunReq,
  type ToolRunsQuery,
  type ToolRunsRes,
  type ToolSpec,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import { AppError, badRequest, notFound } from '../../http/errors';
import { encodeGivenAnswer, GIVEN_ANSWER_HEADER } from '../../llm/demo-upstream/given-answer';
import { upstreamErrorEvent, type StreamJob } from '../../streaming/engine';
import { wellFormedDeep } from '../../streaming/well-formed';
import { allowedModels, cryptoRandom, promptToolServer, renderToolUserMessage, type PromptToolServer, type RandomSource, type ToolFact } from '../../tools';
import { readFileBytes } from '../files/service';
import { streamHold, type Reservation } from '../quota/service';
import { deleteOwnRun, insertRun, listOwnRuns, selectOwnRun, type ToolRunRow } from './store';
import { effectiveRegistry, runnableSpec, TOOL_OVERRIDES_SPEC } from './overrides';
import { liveValueOf, type LiveSpec, type LiveValueHost } from '../../catalog/documents/live';

/**
 * The tool registry's rules on the server (docs/api.md "Tools"): the public list, a prompt tool's
 * run (form checked against its fields, the model it may use, the server's own facts, then a job
 * on the one streaming engine that saves the paid answer), and the owner's history of runs.
 */

export type ToolsContext = Pick<AppContext, 'catalog' | 'llm' | 'config' | 'database'>;

/** Every registry entry as served by GET /api/v1/tools: the registry with the operator's prices and quota keys, rebuilt when tools.json changes. */
export function listTools(ctx: LiveValueHost): ToolListItem[] {
  return liveValueOf(ctx, 'tools.list', TOOL_LIST_SPEC);
}

const TOOL_LIST_SPEC: LiveSpec<ToolListItem[]> = {
  documents: TOOL_OVERRIDES_SPEC.documents,
  build: (read) => effectiveRegistry(TOOL_OVERRIDES_SPEC.build(read)).map((t) => ({ ...t, path: t.paths[0] ?? '' })),
};

/** The tool a run names, as it is charged now: unknown ids are 404, pages are not runnable, a tool switched off is refused. */
export function runnableTool(ctx: LiveValueHost, id: string): ToolSpec {
  const tool = toolById(id);
  if (!tool) throw notFound(MSG.toolNotFound);
  if (tool.kind === 'page') throw badRequest(MSG.toolNotRunnable);
  return runnableSpec(ctx, tool);
}

/** A prompt-tool run, checked and ready for its hold. */
export interface PromptRun {
  id: string;
  tool: ToolSpec;
  server: PromptToolServer;
  model: CatalogModel;
  values: ToolInputs;
  facts: ToolFact[];
}

/**
 * Check everything that can be refused before a count is held: the form (a Chinese sentence
 * naming the field), the model (this tool's own, or one of the switchable models when it has a
 * model switch; online), and the server's facts (a date range too long...). Draws happen here,
 * once per run, from a real random source.
 */
export function preparePromptRun(ctx: ToolsContext, tool: ToolSpec, body: ToolRunReq, random: RandomSource = cryptoRandom): PromptRun {
  const server = promptToolServer(tool.id);
  if (tool.kind !== 'prompt' || !server) throw badRequest(MSG.toolUnavailable);
  const checked = checkToolInputs(tool, body.inputs);
  if (!checked.ok) throw badRequest(checked.msg);
  const model = runModel(ctx, tool, server, body.model);
  const facts = server.facts?.(checked.values, random) ?? [];
  if (!Array.isArray(facts)) throw badRequest(facts.refusal);
  // A lone surrogate (half an emoji) becomes U+FFFD: jsonb refuses it, and the history must save what was paid for.
  return { id: randomUUID(), tool, server, model, values: wellFormedDeep(checked.values), facts };
}

/**
 * Facts a tool reads from the caller's uploaded file (数据分析's statistics), added to the prepared
 * run before its hold: only the caller's own file is read, a refusal is a Chinese 400.
 */
export async function addFileFacts(ctx: Pick<AppContext, 'database' | 'storage'>, userId: number, run: PromptRun): Promise<void> {
  if (!run.server.fileFacts) return;
  const read = async (fileId: string) => {
    const found = await readFileBytes(ctx, userId, fileId).catch(() => null);
    return found ? { name: found.file.name, data: found.data } : null;
  };
  const facts = await run.server.fileFacts(run.values, read);
  if (!Array.isArray(facts)) throw badRequest(facts.refusal);
  run.facts.push(...wellFormedDeep(facts));
}

/**
 * The model that answers: the one the user picked (it must be allowed and served), else the
 * tool's own, else the first served switchable model, so a deployment without the tool's vendor
 * (say, no DashScope key for the legal model) still answers with a general model.
 */
function runModel(ctx: ToolsContext, tool: ToolSpec, server: PromptToolServer, picked: string | undefined): CatalogModel {
  const served = (key: string) => {
    const model = ctx.catalog.get(key);
    return model && ctx.llm.available(model) ? model : undefined;
  };
  if (picked) {
    if (!allowedModels(tool, server).includes(picked)) throw badRequest(MSG.toolModelNotAllowed);
    const model = served(picked);
    if (!model) throw new AppError(Code.MODEL_OFFLINE, MSG.modelOffline);
    return model;
  }
  for (const key of [server.model, ...PROMPT_TOOL_MODELS]) {
    const model = served(key);
    if (model) return model;
  }
  throw new AppError(Code.MODEL_OFFLINE, MSG.modelOffline);
}

/** Upper bound of tokens asked for: about one token per Chinese character, within what vendors accept. */
const maxTokensFor = (chars: number) => Math.min(8192, Math.ceil(chars * 1.2));

/**
 * The run as a streaming-engine job: meta (messageId = the run id), each delta as it arrives,
 * then the engine's one pay rule; a paid answer (ended or stopped after text) is saved to the
 * tool's history. In demo mode the tool's own demo answer rides along to the demo upstream.
 */
export function promptRunJob(ctx: ToolsContext, userId: number, run: PromptRun, hold: Reservation): StreamJob {
  const demoHeaders = ctx.llm.demo ? { [GIVEN_ANSWER_HEADER]: encodeGivenAnswer(run.server.demo(run.values, run.facts)) } : undefined;
  return {
    label: `tool ${run.tool.id}`,
    meta: { conversationId: run.id, messageId: run.id, model: run.model.key, demo: ctx.llm.demo },
    hold: streamHold(ctx, hold),
    heartbeatMs: ctx.config.chatHeartbeatMs,
    maxTextChars: run.server.maxChars,
    upstream: (signal) =>
      ctx.llm.stream({
        model: run.model,
        messages: [
          { role: 'system', content: run.server.system },
          { role: 'user', content: renderToolUserMessage(run.tool, run.values, run.facts) },
        ],
        temperature: run.server.temperature,
        maxTokens: maxTokensFor(run.server.maxChars),
        signal,
        headers: demoHeaders,
      }),
    save: async (answer) => {
      // The history keeps the checked answer (a chart outside the whitelist is replaced by a note).
      const content = run.server.finish ? run.server.finish(answer.content) : answer.content;
      await insertRun(ctx.database.db, { id: run.id, userId, toolId: run.tool.id, inputs: run.values, model: run.model.key, content });
    },
    failureEvent: (err) => (err !== null ? upstreamErrorEvent(err) : { code: STREAM_ERROR_CODES.upstreamFailed, msg: MSG.toolRunFailed }),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toItem(row: ToolRunRow): ToolRunItem {
  return { id: row.id, toolId: row.toolId, inputs: row.inputs, model: row.model, content: row.content, createdAt: row.createdAt.toISOString() };
}

/** The caller's own run; anyone else's (or a malformed id) reads as absent. */
export async function ownRun(ctx: Pick<AppContext, 'database'>, userId: number, runId: string): Promise<ToolRunRow> {
  const row = UUID.test(runId) ? await selectOwnRun(ctx.database.db, userId, runId.toLowerCase()) : undefined;
  if (!row) throw notFound(MSG.toolRunNotFound);
  return row;
}

export async function toolHistory(ctx: Pick<AppContext, 'database'>, userId: number, toolId: string, page: number): Promise<ToolHistoryRes> {
  const tool = toolById(toolId);
  if (!tool) throw notFound(MSG.toolNotFound);
  const { list, total } = await listOwnRuns(ctx.database.db, userId, [tool.id], TOOL_HISTORY_PAGE_SIZE, (page - 1) * TOOL_HISTORY_PAGE_SIZE);
  return { list: list.map(toItem), total };
}

/**
 * The caller's own runs of every tool (runs of a tool since removed from the registry included),
 * or of one group's tools, newest first.
 */
export async function recentRuns(ctx: Pick<AppContext, 'database'>, userId: number, { page, rows, group }: ToolRunsQuery): Promise<ToolRunsRes> {
  const toolIds = group ? toolIdsOfGroup(group) : null;
  const { list, total } = await listOwnRuns(ctx.database.db, userId, toolIds, rows, (page - 1) * rows);
  return { list: list.map(toItem), total, page, rows };
}

export async function deleteRun(ctx: Pick<AppContext, 'database'>, userId: number, runId: string): Promise<void> {
  const gone = UUID.test(runId) && (await deleteOwnRun(ctx.database.db, userId, runId.toLowerCase()));
  if (!gone) throw notFound(MSG.toolRunNotFound);
}
