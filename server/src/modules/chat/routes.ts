import type { FastifyInstance } from 'fastify';
import { ChatRequestSchema, ChatStopSchema, LIMITS, MSG, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { requestStreamStop, watchStopRequests } from '../../streaming/remote-stop';
import { lastEventIdOf, serveReattach } from '../../streaming/reattach';
import { serveStream } from '../../streaming/serve';
import { chatStreamJob } from './relay';
import { assertPhoneBound, prepareChat } from './service';

/** Stop calls a user may make per minute (each is one message to every process). */
const STOPS_PER_MINUTE = 60;
/** Re-attaches a user may make per minute (a reload or a dropped network makes one each). */
const REATTACHES_PER_MINUTE = 60;

/**
 * POST /v1/chat2/{model}: refusals (401, no phone, 400, offline model, tier, no count, too many
 * live answers) answer the JSON envelope; once the quota is held the answer is an SSE stream
 * (the streaming engine; relay.ts builds the job).
 * POST /v1/chat/stop {messageId}: stop one of the caller's streamed answers, on whichever process streams it.
 * GET /v1/chat/stream/{messageId} (Last-Event-ID): re-attach to one of the caller's answers (they
 * outlive their reader: a reload or a dropped network does not stop them).
 */
export async function registerChatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await watchStopRequests(ctx.kv, ctx.streams);

  app.post<{ Params: { model: string } }>('/v1/chat2/:model', async (req, reply) => {
    const user = requireUser(req);
    assertPhoneBound(user);
    const body = parse(ChatRequestSchema, req.body);
    // The columns of one battle round (one messageId) share one of the user's live-answer places.
    const group = body.type === 'battle' && body.messageId ? { id: `battle:${body.messageId}`, cap: LIMITS.multiModelMax } : undefined;
    await serveStream(ctx, { userId: user.id, group }, reply, req.log, async () => ({
      ...chatStreamJob(ctx, await prepareChat(ctx, user, req.params.model, body), req.log),
      resumable: true,
    }));
  });

  app.get<{ Params: { messageId: string }; Querystring: { lastEventId?: string } }>('/v1/chat/stream/:messageId', async (req, reply) => {
    const user = requireUser(req);
    const { messageId } = parse(ChatStopSchema, { messageId: req.params.messageId });
    const after = lastEventIdOf(req.headers['last-event-id'], req.query.lastEventId);
    await enforce(ctx.kv, `chat:reattach:${user.id}`, 60, REATTACHES_PER_MINUTE, MSG.rateLimited);
    await serveReattach(ctx, user.id, messageId, after, reply, req.log);
  });

  app.post('/v1/chat/stop', async (req) => {
    const user = requireUser(req);
    const { messageId } = parse(ChatStopSchema, req.body);
    await enforce(ctx.kv, `chat:stop:${user.id}`, 60, STOPS_PER_MINUTE, MSG.rateLimited);
    await requestStreamStop(ctx.kv, user.id, messageId);
    return ok(null, MSG.stopSuccess);
  });
}
