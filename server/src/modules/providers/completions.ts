import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Code, CUSTOM_MODEL_PREFIX, MSG, type CompletionsModelSchema } from '@wanxiang/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import type { AuthUser } from '../../http/auth-user';
import { AppError } from '../../http/errors';
import type { LlmMessage } from '../../llm/gateway';
import type { StreamJob } from '../../streaming/engine';
import { chatStreamJob } from '../chat/relay';
import type { ChatTurn } from '../chat/service';
import { reserveChat } from '../quota/service';
import type { KeyBox } from './key-box';
import { streamFromProvider, type ProviderTarget } from './provider-stream';
import { checkedBaseUrl, customModelIcon } from './service';
import * as store from './store';

type CompletionsInput = z.output<typeof CompletionsModelSchema>;

/** A custom model, shaped as a catalog model so history and quota code treat it like any other. */
function asCatalogModel(model: store.ModelRow, provider: store.ProviderRow): CatalogModel {
  const key = `${CUSTOM_MODEL_PREFIX}${model.id}`;
  return {
    key,
    label: model.namespace,
    sort_label: model.namespace,
    shortName: model.namespace,
    icon: customModelIcon(provider.company, provider.apiUrl),
    icon_link: '',
    desc: provider.company,
    description: provider.company,
    checkKey: 'chat',
    isFree: true,
    free: true,
    tags: [],
    vipTag: '',
    internetModelType: '',
    modelType: 'common',
    resloveType: 'customer',
    uploadLimit: 0,
    request: '',
    high: false,
    only_points: model.onlyPoints,
    allow_points: false,
    consume_points: model.consumePoints,
    isAttack: false,
    isChecked: false,
    reasoning: false,
    online: true,
    keepHistory: true,
    vendor: 'compatible',
    upstreamModel: model.modelId,
    // Own-key models are unmetered: only a points price (only_points) charges anything.
    quotaKey: '',
    blockedVips: [],
  };
}

export interface CustomTurn {
  turn: ChatTurn;
  target: ProviderTarget;
  tools: boolean;
}

/**
 * Every check that may refuse with an envelope before the stream opens: the model is the
 * caller's and enabled (as is its provider), the base URL passes the SSRF rules now, and a
 * points price is held. The key is opened last, only for the upstream request.
 */
export async function prepareCustomTurn(ctx: AppContext, box: KeyBox, user: AuthUser, input: CompletionsInput): Promise<CustomTurn> {
  const model = await store.modelById(ctx.database.db, user.id, input.modelRowId);
  const provider = model ? await store.providerById(ctx.database.db, user.id, model.companyId) : undefined;
  if (!model || !provider || model.status !== 1 || provider.status !== 1) throw new AppError(Code.MODEL_OFFLINE, MSG.providersModelUnavailable);
  const baseUrl = await checkedBaseUrl(ctx, provider.apiUrl);
  const catalogModel = asCatalogModel(model, provider);
  const replyId = randomUUID();
  const reservation = await reserveChat(ctx, user, catalogModel, {}, replyId);
  const messages: LlmMessage[] = [...(input.messages ?? []).map((m) => ({ role: m.role, content: m.content })), { role: 'user', content: input.prompt }];
  return {
    turn: {
      userId: user.id,
      model: catalogModel,
      reservation,
      conversationId: input.conversationId ?? randomUUID(),
      promptId: input.messageId ?? randomUUID(),
      replyId,
      prompt: input.prompt,
      upstream: { model: catalogModel, messages },
    },
    target: { baseUrl, apiKey: box.open(provider.apiKeyEnc), modelId: model.modelId },
    tools: (model.functions as string[]).includes('tools'),
  };
}

/**
 * One custom-model turn as a streaming-engine job: the chat job (API.md "Chat stream": meta, each
 * delta, tool calls and results when the model uses tools, done) with the answer coming from the
 * user's own provider through the SSRF-safe streaming fetch. Paid like any chat answer: the
 * points price the user set, under the engine's one rule.
 */
export function customStreamJob(ctx: AppContext, { turn, target, tools }: CustomTurn, log: FastifyBaseLogger): StreamJob {
  const opts = { fetch: ctx.safeStreamFetch, firstByteTimeoutMs: ctx.config.upstreamFirstByteTimeoutMs, idleTimeoutMs: ctx.config.upstreamIdleTimeoutMs };
  const job = chatStreamJob(ctx, turn, log, { stream: (req) => streamFromProvider(target, req, opts), tools, demo: false });
  return { ...job, label: 'custom chat' };
}
