import type { FastifyInstance } from 'fastify';
import { ChatRequestSchema, LIMITS } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { serveStream } from '../../streaming/serve';
import { chatStreamJob } from './relay';
import { assertPhoneBound, prepareChat } from './service';

/**
 * POST /v1/chat2/{model}: refusals (401, no phone, 400, offline model, tier, no count, too many
 * live answers) answer the JSON envelope; once the quota is held the answer is an SSE stream
 * (the streaming engine; relay.ts builds the job).
 */
export async function registerChatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post<{ Params: { model: string } }>('/v1/chat2/:model', async (req, reply) => {
    const user = requireUser(req);
    assertPhoneBound(user);
    const body = parse(ChatRequestSchema, req.body);
    // The columns of one battle round (one messageId) share one of the user's live-answer places.
    const group = body.type === 'battle' && body.messageId ? { id: `battle:${body.messageId}`, cap: LIMITS.multiModelMax } : undefined;
    await serveStream(ctx, { userId: user.id, group }, reply, req.log, async () =>
      chatStreamJob(ctx, await prepareChat(ctx, user, req.params.model, body), req.log),
    );
  });
}
