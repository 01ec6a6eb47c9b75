import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { Code, MSG, STREAM_ERROR_CODES, type StreamUsage } from '@wanxiang/contract';
import type { z } from 'zod';
import type { AgentChatSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { AppError } from '../../http/errors';
import type { LlmMessage } from '../../llm/types';
import { resolveAttachments, withAttachments } from '../chat/attachments';
import type { OpenStreams } from '../chat/open-streams';
import { upstreamErrorEvent } from '../chat/relay';
import { SseWriter } from '../chat/sse';
import { releaseReservation, reserveQuota, settleReservation, type Reservation } from '../quota/service';
import { addRecords, countUse, type ResolvedAgent } from './service';
import type { RecordMessage } from './store';
import { AGENT_TOOLS } from './tools';

type AgentChatBody = z.output<typeof AgentChatSchema>;

/** One agent turn, checked and paid for (count held) before the stream opens. */
export interface AgentTurn {
  agent: ResolvedAgent;
  user: AuthUser;
  body: AgentChatBody;
  conversationId: string;
  messageId: string;
  messages: LlmMessage[];
  reservation: Reservation;
}

/**
 * Everything that may refuse with a JSON envelope: the agent's model online, the files the
 * caller's own, then one count of the agent's quota key held.
 */
export async function prepareAgentTurn(ctx: AppContext, user: AuthUser, agent: ResolvedAgent, body: AgentChatBody): Promise<AgentTurn> {
  const model = ctx.catalog.get(agent.model);
  if (!model || !model.online || !ctx.llm.available(model)) throw new AppError(Code.MODEL_OFFLINE, MSG.modelOffline);
  const attachments = await resolveAttachments(ctx, user.id, model, body.file_id);
  const history: LlmMessage[] = body.messages.map((m) => ({ role: m.role, content: m.content }));
  const messages: LlmMessage[] = [{ role: 'system', content: agent.prompt }, ...withAttachments(history, attachments)];
  const conversationId = body.conversation_id || randomUUID();
  const reservation = await reserveQuota(ctx, user, { quotaKey: agent.quotaKey, blockedVips: [] }, `agent:${agent.id}:${conversationId}`);
  return { agent, user, body, conversationId, messageId: randomUUID(), messages, reservation };
}

/**
 * Stream one agent turn (API.md "Chat stream"): meta, then each of the agent's tools run on the
 * question (tool_call, tool_result), then the model's answer with the tools' findings as context,
 * then done once the record is saved and the count settled. A failure releases the count; a
 * client that goes away aborts the tools and the upstream, and nothing is charged.
 */
export async function relayAgentChat(ctx: AppContext, streams: OpenStreams, turn: AgentTurn, reply: FastifyReply, log: FastifyBaseLogger): Promise<void> {
  const res = reply.raw;
  reply.hijack();
  const sse = new SseWriter(res);
  const abort = new AbortController();
  let stopped = false;
  const onClose = () => {
    if (res.writableFinished || stopped) return;
    stopped = true;
    abort.abort();
  };
  const onShutdown = () => {
    if (stopped) return;
    stopped = true;
    sse.send('error', { code: STREAM_ERROR_CODES.shuttingDown, msg: MSG.serverShuttingDown });
    sse.end();
    abort.abort();
  };
  res.on('close', onClose);
  const unwatch = streams.onShutdown(onShutdown);
  let charged = false;
  try {
    const model = ctx.catalog.get(turn.agent.model)!;
    sse.open(reply.getHeaders());
    sse.send('meta', { conversationId: turn.conversationId, messageId: turn.messageId, model: model.key, demo: ctx.llm.demo });
    sse.startHeartbeat(ctx.config.chatHeartbeatMs);

    const question = turn.body.messages.at(-1)!.content;
    const toolRecords = await runTools(ctx, turn, question, sse, abort.signal, log);
    const toolContext = toolRecords.map((t) => t.content).filter(Boolean);
    const messages: LlmMessage[] = toolContext.length
      ? [turn.messages[0]!, { role: 'system', content: `${MSG.agentsToolContext}\n\n${toolContext.join('\n\n')}` }, ...turn.messages.slice(1)]
      : turn.messages;

    const text: string[] = [];
    let usage: StreamUsage | undefined;
    let failure: unknown = null;
    try {
      for await (const d of ctx.llm.stream({ model, messages, signal: abort.signal })) {
        let room = true;
        if (d.type === 'text') {
          text.push(d.text);
          room = sse.send('text', { text: d.text });
        } else if (d.type === 'reasoning') {
          room = sse.send('reasoning', { text: d.text });
        } else if (d.type === 'usage') {
          usage = { promptTokens: d.promptTokens, completionTokens: d.completionTokens, totalTokens: d.totalTokens };
        }
        if (!room) await sse.drained();
      }
    } catch (err) {
      failure = err;
    }
    const content = text.join('');
    if (stopped) return;
    if (failure !== null || !content) {
      log.warn({ err: failure, agent: turn.agent.id }, 'agent chat: upstream failed');
      sse.send('error', upstreamErrorEvent(failure));
      return;
    }
    const stamp = new Date().toISOString();
    const record: RecordMessage[] = [
      { role: 'user', content: question, createdAt: stamp },
      ...toolRecords.map((t) => ({ role: 'tool' as const, content: JSON.stringify({ name: t.name, type: t.name, outputs: t.outputs }), createdAt: stamp })),
      { role: 'assistant', content, createdAt: stamp },
    ];
    try {
      await addRecords(ctx, turn.user.id, turn.agent.id, turn.conversationId, record);
      await settleReservation(ctx, turn.reservation);
      charged = true;
      await countUse(ctx, turn.agent);
    } catch (err) {
      log.error({ err }, 'agent chat: saving the record failed');
      sse.send('error', { code: STREAM_ERROR_CODES.internal, msg: MSG.serverError });
      return;
    }
    sse.send('done', { messageId: turn.messageId, usage });
  } catch (err) {
    log.error({ err }, 'agent chat: the turn failed');
  } finally {
    if (!charged) await releaseReservation(ctx, turn.reservation).catch((err: unknown) => log.error({ err }, 'agent chat: release failed'));
    unwatch();
    sse.end();
    res.off('close', onClose);
  }
}

interface ToolRecord {
  name: string;
  content: string;
  outputs: unknown[];
}

/** Run the agent's tools one after another on the question; a tool not registered is skipped, a failing one reports ok false. */
async function runTools(ctx: AppContext, turn: AgentTurn, query: string, sse: SseWriter, signal: AbortSignal, log: FastifyBaseLogger): Promise<ToolRecord[]> {
  const out: ToolRecord[] = [];
  for (const name of turn.agent.tools) {
    const tool = AGENT_TOOLS[name];
    if (!tool || signal.aborted) continue;
    const id = `call_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    sse.send('tool_call', { id, name, arguments: JSON.stringify({ query }) });
    try {
      const r = await tool(ctx, { query, userId: turn.user.id, signal });
      sse.send('tool_result', { id, name, ok: true, content: r.content, type: name, outputs: r.outputs });
      out.push({ name, content: r.content, outputs: r.outputs });
    } catch (err) {
      if (signal.aborted) break;
      log.warn({ err, tool: name }, 'agent chat: tool failed');
      sse.send('tool_result', { id, name, ok: false, content: '', type: name, outputs: [] });
    }
  }
  return out;
}
