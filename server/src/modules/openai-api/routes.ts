import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEYS_MSG as M, MSG } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { rateLimited } from '../../errors';
import { admitSlot } from '../../streaming/slots';
import { authenticateApiKey, markApiKeyUsed, type KeyCaller } from '../api-keys/service';
import { invalidKey, OpenAiError, toOpenAiError } from './errors';
import { relayCompletion } from './relay';
import { generateImages, parseImagesBody } from './images';
import { parseCompletionBody } from './schema';
import { modelsFor, prepareCompletion } from './turn';

/** Where the OpenAI-compatible API lives: `{origin}/v1` (docs/openai-api.md). */
export const OPENAI_API_PREFIX = '/v1';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the /v1 API's key check. */
    apiCaller: KeyCaller | null;
  }
}

/**
 * Our OpenAI-compatible API, registered at the root under /v1 (not /api: OpenAI SDKs append /chat/completions to a
 * base URL ending in /v1). Every request: `Authorization: Bearer wx-...` -> the key's per-minute limit -> the route.
 * Errors answer OpenAI's `{error:{message,type,code}}`, unknown /v1 paths too (never the web app's page).
 */
export async function registerOpenAiApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.decorateRequest('apiCaller', null);
  await app.register(
    async (v1) => {
      v1.setErrorHandler((err, req, reply) => {
        const e = toOpenAiError(err);
        if (e.status >= 500) req.log.error({ err }, 'openai api: request failed');
        if (reply.sent || reply.raw.headersSent) return;
        if (e.retryAfter !== undefined) void reply.header('retry-after', String(e.retryAfter));
        void reply.code(e.status).send(e.body());
      });
      v1.setNotFoundHandler((_req, reply) =>
        reply.code(404).send(new OpenAiError(404, M.openaiNotFound, 'invalid_request_error', 'unknown_url').body()),
      );
      v1.addHook('onRequest', async (req) => {
        req.apiCaller = await authenticate(ctx, req);
      });

      v1.get('/models', async (req) => {
        const models = modelsFor(ctx, caller(req).user);
        return { object: 'list', data: models.map((m) => ({ id: m.key, object: 'model', created: 0, owned_by: 'wanxiang' })) };
      });

      v1.post('/chat/completions', async (req, reply) => {
        const { user, keyId } = caller(req);
        const body = parseCompletionBody(req.body);
        await serveCompletion(ctx, user.id, async () => {
          const turn = await prepareCompletion(ctx, user, body);
          // 最近使用 in the console: after the gate, beside the upstream call, never before it.
          markApiKeyUsed(ctx, keyId).catch((err: unknown) => req.log.warn({ err }, 'openai api: marking the key used failed'));
          await relayCompletion(ctx, turn, reply, req.log);
        });
      });

      v1.post('/images/generations', async (req, reply) => {
        const { user, keyId } = caller(req);
        const body = parseImagesBody(req.body);
        // The wait ends when the client leaves (the task runs on and is paid only if its picture is made).
        const left = new AbortController();
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) left.abort();
        });
        markApiKeyUsed(ctx, keyId).catch((err: unknown) => req.log.warn({ err }, 'openai api: marking the key used failed'));
        const answer = await generateImages(ctx, user, body, left.signal);
        // null: no one is there to read it (the send goes nowhere; it only ends the request's lifecycle).
        return answer ?? reply.code(499).send();
      });
    },
    { prefix: OPENAI_API_PREFIX },
  );
}

function caller(req: FastifyRequest): KeyCaller {
  if (!req.apiCaller) throw invalidKey(M.openaiKeyMissing);
  return req.apiCaller;
}

/** The key behind `Authorization: Bearer`, then its requests-per-minute window (429 with Retry-After). */
async function authenticate(ctx: AppContext, req: FastifyRequest): Promise<KeyCaller> {
  const auth = req.headers.authorization;
  if (typeof auth !== 'string' || !/^Bearer\s+\S/i.test(auth)) throw invalidKey(M.openaiKeyMissing);
  const found = await authenticateApiKey(ctx, auth.replace(/^Bearer\s+/i, '').trim());
  if (!found) throw invalidKey();
  if (found.user.vip <= 0) throw new OpenAiError(403, M.openaiMembersOnly, 'permission_error', 'membership_required');
  const rpm = ctx.config.openaiApi.keyRequestsPerMinute;
  // A fixed window per calendar minute: Retry-After says when the next one opens (shared across processes on Redis).
  const now = Date.now();
  const minute = Math.floor(now / 60_000);
  const count = await ctx.kv.incr(`rl:apikey:${found.keyId}:${minute}`, 61);
  if (count > rpm)
    throw new OpenAiError(
      429,
      M.openaiRateLimited(rpm),
      'rate_limit_exceeded',
      'rate_limit_exceeded',
      Math.max(1, Math.ceil(((minute + 1) * 60_000 - now) / 1000)),
    );
  return found;
}

/**
 * The fair-use admission every streamed answer of the user passes (streaming/serve.ts): the server draining, the
 * user's answers started this minute and live at once, shared with the web chat; the slot is held until the answer ends.
 */
async function serveCompletion(ctx: AppContext, userId: number, run: () => Promise<void>): Promise<void> {
  if (ctx.streams.draining) throw new OpenAiError(503, MSG.serverShuttingDown, 'server_error', 'unavailable');
  const { streamsPerUser, streamStartsPerMinute } = ctx.config.fairUse;
  const slot = await admitSlot(
    ctx.kv,
    { key: `stream:start:${userId}`, windowSec: 60, max: streamStartsPerMinute },
    { pool: 'streams', userId, cap: streamsPerUser },
  );
  if (slot === 'rate') throw rateLimited(MSG.streamStartsTooFrequent);
  if (slot === 'full') throw rateLimited(MSG.streamsTooMany(streamsPerUser));
  try {
    await run();
  } finally {
    await slot.free();
  }
}
