import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { LlmDelta, LlmStreamRequest } from '../../llm/gateway';
import type { StreamEvents, StreamJob } from '../../streaming/engine';
import { streamWithTools, type ToolEvent } from '../mcp/tool-loop';
import { streamHold } from '../quota/service';
import { ReplyExtrasRecorder } from './reply-extras';
import { recordPrompt, saveChatReply, type ChatTurn } from './service';
import { runSearchPhase } from './web-search';

/** Where a chat turn's answer comes from: the catalog's vendors, or a user's own provider. */
export interface ChatSource {
  stream(req: LlmStreamRequest): AsyncIterable<LlmDelta>;
  /** The model may call the connected MCP servers' tools. */
  tools: boolean;
  /** Answers come from the demo upstream (the web shows its banner). */
  demo: boolean;
}

/**
 * One prepared chat turn as a job of the streaming engine (API.md "Chat stream"): `meta` at once;
 * the web search phase when the turn searches (`search`, `search_read`); each upstream delta the
 * moment it arrives, with MCP tool calls and results between them for tools-capable models; then
 * `done` once the reply is charged and saved. The upstream request starts before anything is
 * written to the database: the question is recorded once the first delta is out (with embedded
 * PGlite a query runs on this thread, so even a write "in parallel" would delay that byte).
 */
export function chatStreamJob(ctx: AppContext, turn: ChatTurn, log: FastifyBaseLogger, source?: ChatSource): StreamJob {
  const from: ChatSource = source ?? { stream: (r) => ctx.llm.stream(r), tools: Boolean(turn.model.tools), demo: ctx.llm.demo };
  const extras = new ReplyExtrasRecorder();
  let promptSaved: Promise<void> | undefined;
  const savePrompt = () =>
    (promptSaved ??= recordPrompt(ctx, turn).catch((err: unknown) => log.error({ err }, 'chat: saving the question failed')));
  return {
    label: 'chat',
    meta: { conversationId: turn.conversationId, messageId: turn.replyId, model: turn.model.key, demo: from.demo },
    hold: streamHold(ctx, turn.reservation),
    heartbeatMs: ctx.config.chatHeartbeatMs,
    async *upstream(signal, events) {
      const request = turn.search ? await runSearchPhase(ctx, turn.search, turn.upstream, events, signal, log, extras) : turn.upstream;
      const upstreamRequest = { ...request, signal };
      // Models flagged `tools` may call the connected MCP servers' tools (docs/product/chat.md §3, §9).
      yield* from.tools
        ? streamWithTools(ctx, { stream: from.stream, request: upstreamRequest, onToolEvent: (e) => sendToolEvent(events, e, extras) })
        : from.stream(upstreamRequest);
    },
    afterFirstDelta: () => void savePrompt(),
    async save(answer) {
      await savePrompt();
      await saveChatReply(ctx, turn, { ...answer, extras: extras.value() }, 'ok');
    },
    // What was shown stays in history, marked as failed.
    async discard(answer) {
      await savePrompt();
      await saveChatReply(ctx, turn, { ...answer, extras: extras.value() }, 'error');
    },
  };
}

function sendToolEvent(events: StreamEvents, e: ToolEvent, extras: ReplyExtrasRecorder): void {
  extras.tool(e);
  if (e.event === 'tool_call') events.send('tool_call', e.data);
  else events.send('tool_result', e.data);
}
