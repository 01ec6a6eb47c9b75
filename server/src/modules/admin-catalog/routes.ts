import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AdminCatalogNameSchema, AdminCatalogPutSchema, MSG, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { documentView, listDocuments, resetDocument, saveDocument, type CatalogActor } from './service';

/** The admin behind a request (requireAdmin first: visitors 401, other accounts 403, before any input is read). */
function adminActor(req: FastifyRequest): CatalogActor {
  return { kind: 'admin', id: requireAdmin(req).id, ip: req.ip };
}

/**
 * The catalog editor of the admin console (docs/api.md "Admin: catalog"): list, read, save (PUT) and reset (DELETE) the
 * operator documents. A save is checked as the file is at boot, audited with the content before and after, and in force
 * on every process within CATALOG_POLL_MS (at once where Redis carries the message).
 */
export async function registerAdminCatalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/admin/catalog', async (req) => {
    requireAdmin(req);
    return ok(await listDocuments(ctx));
  });

  app.get('/admin/catalog/:name', async (req) => {
    requireAdmin(req);
    const { name } = parse(AdminCatalogNameSchema, req.params);
    return ok(await documentView(ctx, name));
  });

  app.put('/admin/catalog/:name', async (req) => {
    const actor = adminActor(req);
    const { name } = parse(AdminCatalogNameSchema, req.params);
    const body = parse(AdminCatalogPutSchema, req.body);
    return ok(await saveDocument(ctx, actor, name, body), MSG.adminCatalogSaved);
  });

  app.delete('/admin/catalog/:name', async (req) => {
    const actor = adminActor(req);
    const { name } = parse(AdminCatalogNameSchema, req.params);
    const { doc, changed } = await resetDocument(ctx, actor, name);
    return ok(doc, changed ? MSG.adminCatalogReset : MSG.adminCatalogNotOverridden);
  });
}
