import { randomBytes } from 'node:crypto';
import { agentModelUsable, MSG, type AgentAddInput, type AgentItem, type AgentPaged, type AgentRecordDetail, type AgentRecordItem, type SystemAgent } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { badRequest, notFound, refused } from '../../http/errors';
import { agentTool } from './tools';
import {
  appendRecord,
  bumpUses,
  countUserAgents,
  deleteOwnAgent,
  deleteOwnRecord,
  insertUserAgent,
  selectCollectedSns,
  selectMine,
  selectOwnRecord,
  selectPublics,
  selectRecords,
  selectUserAgent,
  selectUserAgents,
  toggleCollect,
  type RecordMessage,
  type UserAgentRow,
} from './store';

/**
 * Rules of agents: a system agent comes from the catalog, a user agent from the database (its
 * author always sees it; others only while it is public and listed). Users change only their own.
 */
export type AgentsContext = Pick<AppContext, 'database' | 'catalog'>;

/** Most agents one user may own. */
export const USER_AGENTS_MAX = 50;

/** What the chat needs of an agent, whichever kind. */
export interface ResolvedAgent {
  id: string;
  kind: 'system' | 'user';
  name: string;
  prompt: string;
  model: string;
  tools: string[];
  suggestions: string[];
  quotaKey: string;
}

export class AgentDirectory {
  private readonly byId: Map<string, SystemAgent>;

  constructor(readonly system: SystemAgent[]) {
    this.byId = new Map(system.map((a) => [a.id, a]));
  }

  getSystem(id: string): SystemAgent | undefined {
    return this.byId.get(id);
  }

  /** The agents of the menu (hidden ones are reachable by id only). */
  menu(): AgentItem[] {
    return this.system.filter((a) => !a.hidden).map(systemItem);
  }
}

export function systemItem(a: SystemAgent): AgentItem {
  return {
    id: a.id,
    kind: 'system',
    name: a.name,
    icon: a.icon,
    description: a.description,
    classify: a.classify,
    model: a.model,
    tools: a.tools,
    suggestions: a.suggestions,
    ...(a.new ? { new: true } : {}),
  };
}

function userItem(row: UserAgentRow, callerId: number | null, collected: Set<string>): AgentItem {
  const mine = callerId !== null && row.userId === callerId;
  return {
    id: row.sn,
    kind: 'user',
    name: row.name,
    icon: row.icon,
    description: row.description,
    classify: row.classify,
    model: row.model,
    tools: row.tools,
    suggestions: row.suggestions,
    isPublic: row.isPublic,
    uses: row.uses,
    mine,
    collected: collected.has(row.sn),
    // The prompt is the author's work: only they read it back.
    ...(mine ? { prompt: row.prompt } : {}),
  };
}

function visible(row: UserAgentRow | undefined, callerId: number | null): row is UserAgentRow {
  return !!row && ((row.isPublic && row.status === 1) || (callerId !== null && row.userId === callerId));
}

async function collectedSet(ctx: AgentsContext, callerId: number | null): Promise<Set<string>> {
  return new Set(callerId === null ? [] : await selectCollectedSns(ctx.database.db, callerId));
}

/** An agent by system id or user sn for the info call; a private agent of someone else is not found. */
export async function agentInfo(ctx: AgentsContext, dir: AgentDirectory, id: string, callerId: number | null): Promise<AgentItem> {
  const sys = dir.getSystem(id);
  if (sys) return systemItem(sys);
  const row = await selectUserAgent(ctx.database.db, id);
  if (!visible(row, callerId)) throw notFound(MSG.agentsNotFound);
  return userItem(row, callerId, await collectedSet(ctx, callerId));
}

export async function resolveAgent(ctx: AgentsContext, dir: AgentDirectory, id: string, callerId: number): Promise<ResolvedAgent> {
  const sys = dir.getSystem(id);
  if (sys) return { id, kind: 'system', name: sys.name, prompt: sys.prompt, model: sys.model, tools: sys.tools, suggestions: sys.suggestions, quotaKey: sys.quotaKey ?? 'chat' };
  const row = await selectUserAgent(ctx.database.db, id);
  if (!visible(row, callerId)) throw notFound(MSG.agentsNotFound);
  return { id, kind: 'user', name: row.name, prompt: row.prompt, model: row.model, tools: row.tools, suggestions: row.suggestions, quotaKey: 'chat' };
}

export async function addUserAgent(ctx: AgentsContext, userId: number, input: AgentAddInput): Promise<AgentItem> {
  const model = ctx.catalog.get(input.model);
  // Only models an agent can feed (text chat models of the catalog); the gate itself is checked per turn.
  if (!model || !agentModelUsable(model)) throw badRequest(MSG.agentsModelUnknown);
  if (input.tools.some((t) => !agentTool(t))) throw badRequest(MSG.agentsToolUnknown);
  if ((await countUserAgents(ctx.database.db, userId)) >= USER_AGENTS_MAX) throw refused(MSG.agentsTooMany);
  const row = await insertUserAgent(ctx.database.db, {
    sn: randomBytes(12).toString('hex'),
    userId,
    name: input.name,
    description: input.description,
    icon: input.icon,
    classify: input.classify,
    prompt: input.prompt,
    model: input.model,
    suggestions: input.suggestions,
    tools: [...new Set(input.tools)],
    isPublic: input.isPublic,
  });
  return userItem(row, userId, new Set());
}

export async function myAgents(ctx: AgentsContext, userId: number, page: number, rows: number): Promise<AgentPaged<AgentItem>> {
  const r = await selectMine(ctx.database.db, userId, (page - 1) * rows, rows);
  const collected = await collectedSet(ctx, userId);
  return { list: r.rows.map((row) => userItem(row, userId, collected)), total: r.total, page, rows };
}

export async function publicAgents(ctx: AgentsContext, callerId: number | null, keyword: string | undefined, page: number, rows: number): Promise<AgentPaged<AgentItem>> {
  const r = await selectPublics(ctx.database.db, keyword || undefined, (page - 1) * rows, rows);
  const collected = await collectedSet(ctx, callerId);
  return { list: r.rows.map((row) => userItem(row, callerId, collected)), total: r.total, page, rows };
}

export async function deleteUserAgent(ctx: AgentsContext, userId: number, sn: string): Promise<void> {
  if (!(await deleteOwnAgent(ctx.database.db, userId, sn))) throw notFound(MSG.agentsNotFound);
}

/** Toggle; only agents the caller can see (system ones, public ones, their own) may be collected. */
export async function collectAgent(ctx: AgentsContext, dir: AgentDirectory, userId: number, sn: string): Promise<{ collected: boolean }> {
  if (!dir.getSystem(sn) && !visible(await selectUserAgent(ctx.database.db, sn), userId)) throw notFound(MSG.agentsNotFound);
  return { collected: await toggleCollect(ctx.database.db, userId, sn) };
}

/** The caller's collection, newest first; agents deleted or made private since are left out. */
export async function collectList(ctx: AgentsContext, dir: AgentDirectory, userId: number): Promise<AgentItem[]> {
  const sns = await selectCollectedSns(ctx.database.db, userId);
  const rows = new Map((await selectUserAgents(ctx.database.db, sns)).map((r) => [r.sn, r]));
  const all = new Set(sns);
  const out: AgentItem[] = [];
  for (const sn of sns) {
    const sys = dir.getSystem(sn);
    if (sys) out.push({ ...systemItem(sys), collected: true });
    const row = rows.get(sn);
    if (visible(row, userId)) out.push(userItem(row, userId, all));
  }
  return out;
}

/** add_records: append one exchange to the caller's conversation record. */
export async function addRecords(
  ctx: AgentsContext,
  userId: number,
  agentId: string,
  conversationId: string,
  messages: RecordMessage[],
): Promise<{ id: number }> {
  const title = messages.find((m) => m.role === 'user')?.content.trim().slice(0, 60) || '新对话';
  const stamp = new Date().toISOString();
  const row = await appendRecord(ctx.database.db, userId, agentId, conversationId, title, messages.map((m) => ({ ...m, createdAt: m.createdAt ?? stamp })));
  return { id: row.id };
}

export async function recordsList(ctx: AgentsContext, userId: number, agentId: string | undefined, page: number, rows: number): Promise<AgentPaged<AgentRecordItem>> {
  const r = await selectRecords(ctx.database.db, userId, agentId, (page - 1) * rows, rows);
  return { list: r.rows.map((x) => ({ ...x, updatedAt: x.updatedAt.toISOString() })), total: r.total, page, rows };
}

export async function recordDetail(ctx: AgentsContext, userId: number, id: number): Promise<AgentRecordDetail> {
  const row = await selectOwnRecord(ctx.database.db, userId, id);
  if (!row) throw notFound(MSG.agentsRecordNotFound);
  return { id: row.id, agentId: row.agentId, conversationId: row.conversationId, title: row.title, updatedAt: row.updatedAt.toISOString(), messages: row.messages };
}

export async function deleteRecord(ctx: AgentsContext, userId: number, id: number): Promise<void> {
  if (!(await deleteOwnRecord(ctx.database.db, userId, id))) throw notFound(MSG.agentsRecordNotFound);
}

export async function countUse(ctx: AgentsContext, agent: ResolvedAgent): Promise<void> {
  if (agent.kind === 'user') await bumpUses(ctx.database.db, agent.id);
}
