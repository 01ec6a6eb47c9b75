import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { Code, CUSTOM_MODEL_PREFIX, MSG, STREAM_ERROR_CODES, type CompletionsModelSchema, type StreamUsage } from '@wanxiang/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { CatalogModel } from '../../catalog';
import type { AuthUser } from '../../http/auth-user';
import { AppError } from '../../http/errors';
import type { LlmDelta, LlmMessage, LlmStreamRequest } from '../../llm/gateway';
import { upstreamErrorEvent } from '../chat/relay';
import { abandonTurn, completeTurn, recordPrompt, type ChatTurn, type ReplyRecord } from '../chat/service';
import { ReplyExtrasRecorder } from '../chat/reply-extras';
import type { OpenStreams } from '../chat/open-streams';
import { SseWriter } from '../chat/sse';
import { streamWithTools } from '../mcp/tool-loop';
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
 * Stream one custom-model turn (API.md "Chat stream"): meta, then each delta (and tool call /
 * result when the model uses tools), then done after the reply is saved, or error with the
 * points hold given back. The client going away aborts the provider request.
 */
export async function relayCustomTurn(
  ctx: AppContext,
  streams: OpenStreams,
  { turn, target, tools }: CustomTurn,
  reply: FastifyReply,
  log: FastifyBaseLogger,
): Promise<void> {
  const res = reply.raw;
  reply.hijack();
  const sse = new SseWriter(res);
  const abort = new AbortController();
  let stopped: 'client' | 'shutdown' | null = null;
  const onClose = () => {
    if (res.writableFinished || stopped) return;
    stopped = 'client';
    abort.abort();
  };
  res.on('close', onClose);
  const unwatch = streams.onShutdown(() => {
    if (stopped) return;
    stopped = 'shutdown';
    sse.send('error', { code: STREAM_ERROR_CODES.shuttingDown, msg: MSG.serverShuttingDown });
    sse.end();
    abort.abort();
  });
  const record: ReplyRecord = { content: '', reasoning: '' };
  const extras = new ReplyExtrasRecorder();
  const text: string[] = [];
  const reasoning: string[] = [];
  let usage: StreamUsage | undefined;
  let failure: unknown = null;
  try {
    sse.open(reply.getHeaders());
    sse.send('meta', { conversationId: turn.conversationId, messageId: turn.replyId, model: turn.model.key, demo: false });
    sse.startHeartbeat(ctx.config.chatHeartbeatMs);
    const opts = { fetch: ctx.safeStreamFetch, firstByteTimeoutMs: ctx.config.upstreamFirstByteTimeoutMs, idleTimeoutMs: ctx.config.upstreamIdleTimeoutMs };
    const one = (req: LlmStreamRequest): AsyncIterable<LlmDelta> => streamFromProvider(target, req, opts);
    const request: LlmStreamRequest = { ...turn.upstream, signal: abort.signal };
    const deltas = tools
      ? streamWithTools(ctx, {
          stream: one,
          request,
          onToolEvent: (e) => {
            extras.tool(e);
            if (e.event === 'tool_call') sse.send('tool_call', e.data);
            else sse.send('tool_result', e.data);
          },
        })
      : one(request);
    let saved: Promise<void> | undefined;
    try {
      for await (const d of deltas) {
        let room = true;
        if (d.type === 'text') {
          text.push(d.text);
          room = sse.send('text', { text: d.text });
        } else if (d.type === 'reasoning') {
          reasoning.push(d.text);
          room = sse.send('reasoning', { text: d.text });
        } else if (d.type === 'usage') {
          usage = { promptTokens: d.promptTokens, completionTokens: d.completionTokens, totalTokens: d.totalTokens };
        }
        saved ??= recordPrompt(ctx, turn).catch((err: unknown) => log.error({ err }, 'custom chat: saving the question failed'));
        if (!room) await sse.drained();
      }
    } catch (err) {
      failure = err;
    }
    await (saved ?? recordPrompt(ctx, turn).catch((err: unknown) => log.error({ err }, 'custom chat: saving the question failed')));
    Object.assign(record, { content: text.join(''), reasoning: reasoning.join(''), usage, extras: extras.value() });
    if (stopped) {
      await abandonTurn(ctx, turn, record, stopped === 'client' && record.content ? 'ok' : 'error');
    } else if (failure !== null || (!record.content && !record.reasoning)) {
      // The message says what went wrong without the provider's text (it could quote the key).
      log.warn({ model: turn.model.key, kind: (failure as { kind?: string } | null)?.kind }, 'custom chat: provider failed');
      sse.send('error', upstreamErrorEvent(failure));
      await abandonTurn(ctx, turn, record, 'error');
    } else {
      await completeTurn(ctx, turn, record);
      sse.send('done', { messageId: turn.replyId, usage });
    }
  } catch (err) {
    log.error({ err }, 'custom chat: closing the turn failed');
    sse.send('error', { code: STREAM_ERROR_CODES.internal, msg: MSG.serverError });
    await abandonTurn(ctx, turn, record, 'error').catch(() => undefined);
  } finally {
    unwatch();
    sse.end();
    res.off('close', onClose);
  }
}
