import { randomUUID } from 'node:crypto';
import { Code, MSG, type ChatRequest, type MessageExtras, type StreamUsage } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import type { LlmMessage, LlmStreamRequest } from '../../llm/gateway';
import type { AuthUser } from '../../http/auth-user';
import { AppError } from '../../http/errors';
import { savePrompt, saveReply } from '../history/service';
import { planSearch, type SearchPlan } from './web-search';
import { withPreferences } from './preferences';
import { reserveChat, type Reservation } from '../quota/service';
import { wellFormedDeep } from '../../streaming/well-formed';
import { personaLinesFor, withPersonaLines } from './persona-context';
import { resolveAttachments, withAttachments } from './attachments';

/**
 * Rules of one chat turn: who may ask which model, what is sent upstream, and how the reply is
 * recorded. How it is paid for is the streaming engine's one rule (streaming/engine.ts).
 */

export type ChatContext = Pick<AppContext, 'config' | 'database' | 'catalog' | 'llm' | 'webSearch' | 'storage'>;

export interface ChatTurn {
  userId: number;
  model: CatalogModel;
  reservation: Reservation;
  conversationId: string;
  /** Id of the user's message in history. */
  promptId: string;
  /** The message the question follows (branches, issue 17); absent = after the last one. */
  parentId?: string;
  /** Id of the assistant's reply, announced in `meta` and `done`. */
  replyId: string;
  prompt: string;
  /** The upstream request, less the abort signal the stream adds. */
  upstream: Omit<LlmStreamRequest, 'signal'>;
  /** Set when the turn searches the web first (a source picked, or a networked model). */
  search?: SearchPlan;
}

export interface ReplyRecord {
  content: string;
  reasoning: string;
  usage?: StreamUsage;
  /** The web search and tool calls shown with the reply. */
  extras?: MessageExtras;
}

/** Policy (docs/product/chat.md §5): an account must have a bound phone before it may chat. */
export function assertPhoneBound(user: Pick<AuthUser, 'phone'>): void {
  if (!user.phone) throw new AppError(Code.NEED_PHONE, MSG.needPhone);
}

/** What the upstream sees: the model's system prompt, the session so far, then the new question. */
export function buildUpstreamMessages(model: CatalogModel, req: Pick<ChatRequest, 'messages' | 'prompt' | 'prefs'>): LlmMessage[] {
  const out: LlmMessage[] = [];
  if (model.systemPrompt?.trim()) out.push({ role: 'system', content: model.systemPrompt });
  for (const m of req.messages ?? []) out.push({ role: m.role, content: m.content });
  out.push({ role: 'user', content: req.prompt });
  return withPreferences(out, req.prefs);
}

/**
 * Every check that may refuse the turn with an envelope, cheapest first, then the quota hold:
 * after this returns, the stream may start. One database statement at most (the hold).
 */
export async function prepareChat(ctx: ChatContext, user: AuthUser, modelKey: string, req: ChatRequest): Promise<ChatTurn> {
  const model = ctx.catalog.get(modelKey);
  if (!model || !model.online || !ctx.llm.available(model)) throw new AppError(Code.MODEL_OFFLINE, MSG.modelOffline);
  const replyId = randomUUID();
  const search = planSearch(ctx, model, req);
  // Before the hold, so a persona or file the caller may not use refuses without a count to give
  // back; the two lookups are independent and run together (each is a no-op when not asked for).
  const [personaLines, attachments] = await Promise.all([
    personaLinesFor(ctx, user.id, req.personaId),
    resolveAttachments(ctx, user.id, model, req.files),
  ]);
  // Tier, then counts or points (only_points; allow_points with usePoints): docs/product/chat.md §6.
  const reservation = await reserveChat(ctx, user, model, { usePoints: req.usePoints }, replyId);
  return {
    userId: user.id,
    // A battle column is saved as a comparison round (groups record/add), never in chat history.
    model: req.type === 'battle' ? { ...model, keepHistory: false } : model,
    reservation,
    conversationId: req.conversationId ?? randomUUID(),
    promptId: req.messageId ?? randomUUID(),
    parentId: req.parentId,
    replyId,
    prompt: req.prompt,
    search,
    upstream: {
      model,
      messages: withAttachments(withPersonaLines(buildUpstreamMessages(model, req), personaLines), attachments),
      temperature: req.params?.temperature,
      maxTokens: req.params?.max_tokens,
      presencePenalty: req.params?.presence_penalty,
      frequencyPenalty: req.params?.frequency_penalty,
    },
  };
}

/** Record the question (runs beside the upstream call). Models without history record nothing. */
export async function recordPrompt(ctx: ChatContext, turn: ChatTurn): Promise<void> {
  if (!turn.model.keepHistory) return;
  await savePrompt(ctx, turn.userId, { id: turn.conversationId, model: turn.model.key }, {
    id: turn.promptId,
    content: turn.prompt,
    parentId: turn.parentId,
  });
}

/**
 * Write the assistant's reply to history (models without history keep nothing): 'ok' for a paid
 * answer, 'error' for one that failed or delivered nothing. The charge was settled or released
 * before this by the streaming engine; a failing save does not undo it.
 */
export async function saveChatReply(ctx: ChatContext, turn: ChatTurn, reply: ReplyRecord, state: 'ok' | 'error'): Promise<void> {
  if (!turn.model.keepHistory) return;
  await saveReply(ctx, turn.userId, turn.conversationId, {
    id: turn.replyId,
    // The answer follows its question: answers to the same question are siblings (regenerate).
    parentId: turn.promptId,
    content: reply.content,
    reasoning: reply.reasoning,
    model: turn.model.key,
    state,
    ...(state === 'ok' ? { promptTokens: reply.usage?.promptTokens, completionTokens: reply.usage?.completionTokens } : {}),
    // Sources and tool results come from outside: made safe for jsonb like the text.
    extras: reply.extras && wellFormedDeep(reply.extras),
  });
}
