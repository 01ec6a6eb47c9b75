import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InvitePageSchema, MSG, MoneyCashSchema, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { cashOrders, invitationCode, invitationInfo, invitationList, moneyCash, openInvitePermission } from './service';

/** The origin the caller reached us on, for the invite link (behind a proxy: trustProxy). */
function originOf(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** Invitation calls of docs/product/invite.md §7 (all login required). */
export async function registerInviteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/v1/user/getInvitationCode', async (req) => {
    const user = requireUser(req);
    return ok(await invitationCode(ctx, user.id, originOf(req)));
  });

  app.get('/v1/user/openInvitePermission', async (req) => {
    const user = requireUser(req);
    return ok(await openInvitePermission(ctx, user.id), MSG.inviteOpened);
  });

  app.get('/v1/user/getInvitationInfo', async (req) => {
    const user = requireUser(req);
    return ok(await invitationInfo(ctx, user.id));
  });

  app.get('/v1/user/getInvitationList', async (req) => {
    const user = requireUser(req);
    const { page, rows } = parse(InvitePageSchema, req.query);
    return ok(await invitationList(ctx, user.id, page, rows));
  });

  app.get('/v1/user/getInvitationCashOrder', async (req) => {
    const user = requireUser(req);
    const { page, rows } = parse(InvitePageSchema, req.query);
    return ok(await cashOrders(ctx, user.id, page, rows));
  });

  app.post('/v1/user/moneyCash', async (req) => {
    const user = requireUser(req);
    const body = parse(MoneyCashSchema, req.body);
    return ok(await moneyCash(ctx, user.id, body), MSG.cashSubmitted);
  });
}
