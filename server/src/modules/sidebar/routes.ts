import type { FastifyInstance } from 'fastify';
import { ok, SidebarQuerySchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { parse } from '../../http/validate';
import { sidebarOf } from './load';
import { projectSidebar } from './service';
import { selectVipgrade } from './store';

/**
 * The sidebar catalogue (docs/product/shell-and-navigation.md §2), public: a visitor gets the plain catalogue,
 * a logged-in caller (token header) with vipgrade > 0 or a browser with an invite code also
 * gets the premium models. Read and validated at boot (a bad file stops it), then kept in force: a save in the admin
 * console reaches the next request.
 */
export async function registerSidebarRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  sidebarOf(ctx);
  app.get('/v2/config/sidebar', async (req) => {
    const q = parse(SidebarQuerySchema, req.query);
    const vipgrade = req.authUser ? await selectVipgrade(ctx.database.db, req.authUser.id) : 0;
    return ok(projectSidebar(sidebarOf(ctx), { vipgrade, hasInviteCode: Boolean(q.invite_code) }));
  });
}
