import type { FastifyInstance } from 'fastify';
import { ChatRequestSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { startReservationReaper } from '../quota/service';
import { OpenStreams } from './open-streams';
import { relayChat } from './relay';
import { assertPhoneBound, prepareChat } from './service';

/** Longest a server close waits for open streams to release their quota holds. */
const CLOSE_GRACE_MS = 3_000;

/**
 * POST /v1/chat2/{model}: refusals (401, no phone, 400, offline model, tier, no count) answer
 * the JSON envelope; once the quota is held the answer is an SSE stream (relay.ts).
 */
export async function registerChatRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const streams = new OpenStreams(ctx.shutdown.signal);

  app.post<{ Params: { model: string } }>('/v1/chat2/:model', async (req, reply) => {
    const user = requireUser(req);
    assertPhoneBound(user);
    const body = parse(ChatRequestSchema, req.body);
    const turn = await prepareChat(ctx, user, req.params.model, body);
    await streams.track(relayChat(ctx, streams, turn, reply, req.log));
  });

  // Holds left by a crashed process are released at boot and then periodically.
  const stopReaper = startReservationReaper(ctx, app.log);

  // Closing the server ends open streams like the shutdown signal does (an `error` event), and
  // waits for them to give their quota holds back before the database closes.
  app.addHook('preClose', async () => {
    stopReaper();
    streams.stopAll();
    await streams.drain(CLOSE_GRACE_MS);
  });
}
