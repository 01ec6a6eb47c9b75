import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import type { LlmStreamRequest } from '../../llm/types';
import type { AuthUser } from '../../http/auth-user';
import { assertPhoneBound } from '../chat/service';
import { reserveChat, type Reservation } from '../quota/service';
import { modelNotFound } from './errors';
import { toLlmMessages, toLlmTools, type CompletionBody } from './schema';

/**
 * One /v1/chat/completions call made ready to stream: the model the caller may use, the same gate and hold as a web
 * chat turn (reserveChat: tier, then the model's daily count or its points), and the upstream request. Nothing is
 * kept in chat history: the API is stateless, like OpenAI's.
 */
export interface CompletionTurn {
  /** `chatcmpl-<uuid>`, the id of every chunk; also the hold's reference. */
  id: string;
  created: number;
  model: CatalogModel;
  reservation: Reservation;
  upstream: Omit<LlmStreamRequest, 'signal'>;
  stream: boolean;
  includeUsage: boolean;
}

export type TurnContext = Pick<AppContext, 'config' | 'database' | 'catalog' | 'llm' | 'metrics'>;

/** The catalog models a member may call: online, served now, and not closed to the member's tier. */
export function modelsFor(ctx: Pick<AppContext, 'catalog' | 'llm'>, user: Pick<AuthUser, 'vip'>): CatalogModel[] {
  return ctx.catalog.models().filter((m) => m.online && ctx.llm.available(m) && !m.blockedVips.includes(user.vip));
}

/** Every refusal (404 model, 403 no phone, 429 no count or points) before anything streams; then the hold. */
export async function prepareCompletion(ctx: TurnContext, user: AuthUser, body: CompletionBody): Promise<CompletionTurn> {
  const model = ctx.catalog.get(body.model);
  // A model the member may not use is unknown to them, as in GET /v1/models.
  if (!model || !model.online || !ctx.llm.available(model) || model.blockedVips.includes(user.vip)) throw modelNotFound(body.model);
  assertPhoneBound(user);
  const id = `chatcmpl-${randomUUID()}`;
  const reservation = await reserveChat(ctx, user, model, {}, id);
  const messages = toLlmMessages(body.messages);
  if (model.systemPrompt?.trim() && !messages.some((m) => m.role === 'system'))
    messages.unshift({ role: 'system', content: model.systemPrompt });
  return {
    id,
    created: Math.floor(Date.now() / 1000),
    model,
    reservation,
    stream: body.stream === true,
    includeUsage: body.stream_options?.include_usage === true,
    upstream: {
      model,
      messages,
      tools: toLlmTools(body.tools),
      temperature: body.temperature ?? undefined,
      maxTokens: body.max_completion_tokens ?? body.max_tokens ?? undefined,
      presencePenalty: body.presence_penalty ?? undefined,
      frequencyPenalty: body.frequency_penalty ?? undefined,
    },
  };
}
