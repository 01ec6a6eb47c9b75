import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { agentModelUsable, Code, MSG } from '@wanxiang/contract';
import type { z } from 'zod';
import type { AgentChatSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import type { AuthUser } from '../../http/auth-user';
import { AppError } from '../../http/errors';
import type { LlmMessage } from '../../llm/types';
import type { StreamEvents, StreamJob } from '../../streaming/engine';
import { resolveAttachments, withAttachments } from '../chat/attachments';
import { reserveChat, streamHold, type Reservation } from '../quota/service';
import { addRecords, countUse, type ResolvedAgent } from './service';
import type { RecordMessage } from './store';
import { agentTool } from './tools';

type AgentChatBody = z.output<typeof AgentChatSchema>;

/** One agent turn, checked and paid for (held) before the stream opens. */
export interface AgentTurn {
  agent: ResolvedAgent;
  model: CatalogModel;
  user: AuthUser;
  body: AgentChatBody;
  conversationId: string;
  messageId: string;
  messages: LlmMessage[];
  reservation: Reservation;
}

/**
 * The agent's model as its gate sees it: a system agent the operator gave a feature count (AI
 * PPT, mind map, find websites) holds that count; everything else — every user agent — is
 * exactly a direct chat with the model: its tier block, its quota key, its points price.
 */
function gatedModel(agent: ResolvedAgent, model: CatalogModel): CatalogModel {
  return agent.kind === 'system' && agent.quotaKey ? { ...model, quotaKey: agent.quotaKey } : model;
}

/**
 * Everything that may refuse with a JSON envelope: the agent's model usable and online, the files
 * the caller's own, then the model's gate (tier, then a count or its points price) held.
 */
export async function prepareAgentTurn(ctx: AppContext, user: AuthUser, agent: ResolvedAgent, body: AgentChatBody): Promise<AgentTurn> {
  const model = ctx.catalog.get(agent.model);
  if (!model || !agentModelUsable(model) || !ctx.llm.available(model)) throw new AppError(Code.MODEL_OFFLINE, MSG.modelOffline);
  const attachments = await resolveAttachments(ctx, user.id, model, body.file_id);
  const history: LlmMessage[] = body.messages.map((m) => ({ role: m.role, content: m.content }));
  const messages: LlmMessage[] = [{ role: 'system', content: agent.prompt }, ...withAttachments(history, attachments)];
  const conversationId = body.conversation_id || randomUUID();
  const reservation = await reserveChat(ctx, user, gatedModel(agent, model), { usePoints: body.usePoints }, `agent:${agent.id}:${conversationId}`);
  return { agent, model, user, body, conversationId, messageId: randomUUID(), messages, reservation };
}

/**
 * One agent turn as a streaming-engine job (API.md "Chat stream"): meta, then each of the agent's
 * tools run on the question (tool_call, tool_result), then the model's answer with the tools'
 * findings as context, then done once the count is charged and the record saved. Paid by the
 * engine's one rule; a stopped answer that delivered text is recorded as far as it went.
 */
export function agentStreamJob(ctx: AppContext, turn: AgentTurn, log: FastifyBaseLogger): StreamJob {
  const question = turn.body.messages.at(-1)!.content;
  let toolRecords: ToolRecord[] = [];
  return {
    label: 'agent chat',
    meta: { conversationId: turn.conversationId, messageId: turn.messageId, model: turn.model.key, demo: ctx.llm.demo },
    hold: streamHold(ctx, turn.reservation),
    heartbeatMs: ctx.config.chatHeartbeatMs,
    async *upstream(signal, events) {
      toolRecords = await runTools(ctx, turn, question, events, signal, log);
      const toolContext = toolRecords.map((t) => t.content).filter(Boolean);
      const messages: LlmMessage[] = toolContext.length
        ? [turn.messages[0]!, { role: 'system', content: `${MSG.agentsToolContext}\n\n${toolContext.join('\n\n')}` }, ...turn.messages.slice(1)]
        : turn.messages;
      yield* ctx.llm.stream({ model: turn.model, messages, signal });
    },
    async save(answer) {
      if (!answer.content) return;
      const stamp = new Date().toISOString();
      const record: RecordMessage[] = [
        { role: 'user', content: question, createdAt: stamp },
        ...toolRecords.map((t) => ({ role: 'tool' as const, content: JSON.stringify({ name: t.name, type: t.name, outputs: t.outputs }), createdAt: stamp })),
        { role: 'assistant', content: answer.content, createdAt: stamp },
      ];
      await addRecords(ctx, turn.user.id, turn.agent.id, turn.conversationId, record);
      await countUse(ctx, turn.agent);
    },
  };
}

interface ToolRecord {
  name: string;
  content: string;
  outputs: unknown[];
}

/** Run the agent's tools one after another on the question; a tool not registered is skipped, a failing one reports ok false. */
async function runTools(ctx: AppContext, turn: AgentTurn, query: string, events: StreamEvents, signal: AbortSignal, log: FastifyBaseLogger): Promise<ToolRecord[]> {
  const out: ToolRecord[] = [];
  for (const name of turn.agent.tools) {
    const tool = agentTool(name);
    if (!tool || signal.aborted) continue;
    const id = `call_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    events.send('tool_call', { id, name, arguments: JSON.stringify({ query }) });
    try {
      const r = await tool(ctx, { query, userId: turn.user.id, signal });
      events.send('tool_result', { id, name, ok: true, content: r.content, type: name, outputs: r.outputs });
      out.push({ name, content: r.content, outputs: r.outputs });
    } catch (err) {
      if (signal.aborted) break;
      log.warn({ err, tool: name }, 'agent chat: tool failed');
      events.send('tool_result', { id, name, ok: false, content: '', type: name, outputs: [] });
    }
  }
  return out;
}
