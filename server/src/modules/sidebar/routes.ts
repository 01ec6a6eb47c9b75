import type { FastifyInstance } from 'fastify';
import { ok, SidebarQuerySchema, type SidebarFile } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { parse } from '../../http/validate';
import { loadSidebarFile } from './load';
import { catalogFile } from '../../catalog';
import { projectSidebar } from './service';
import { selectVipgrade } from './store';

/**
 * The sidebar catalogue (docs/product/shell-and-navigation.md §2), public: a visitor gets the plain catalogue,
 * a logged-in caller (token header) with vipgrade > 0 or a browser with an invite code also
 * gets the premium models. The file is read and validated once at boot.
 */
export async function registerSidebarRoutes(app: FastifyInstance, ctx: AppContext, file: SidebarFile = loadSidebarFile(catalogFile(ctx.config.catalogDir, 'sidebar.json'))): Promise<void> {
  app.get('/v2/config/sidebar', async (req) => {
    const q = parse(SidebarQuerySchema, req.query);
    const vipgrade = req.authUser ? await selectVipgrade(ctx.database.db, req.authUser.id) : 0;
    return ok(projectSidebar(file, { vipgrade, hasInviteCode: Boolean(q.invite_code) }));
  });
}
