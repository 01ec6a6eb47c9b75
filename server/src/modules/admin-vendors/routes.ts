import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_VENDORS_MSG, AdminVendorIdSchema, AdminVendorSaveSchema, ok } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth-user';
import { parse } from '../../http/validate';
import type { AuditActor } from '../admin/audit';
import { entryOf, listVendors, resetVendor, saveVendor } from './service';
import { testVendor } from './test-call';

function adminActor(req: FastifyRequest): AuditActor {
  return { kind: 'admin', id: requireAdmin(req).id, ip: req.ip };
}

/**
 * The vendors page of the admin console (docs/api.md "Admin: vendors"): every vendor with where its settings come from,
 * whether a key is set (its last 4 characters, never the key) and this process's last 24 h numbers; save and reset the
 * chat vendors' base URL and key (sealed, audited, in force on every process without a restart); a test call.
 */
export async function registerAdminVendorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/admin/vendors', async (req) => {
    requireAdmin(req);
    return ok(listVendors(ctx));
  });

  app.put('/admin/vendors/:id', async (req) => {
    const actor = adminActor(req);
    const { id } = parse(AdminVendorIdSchema, req.params);
    const entry = entryOf(id);
    const body = parse(AdminVendorSaveSchema, req.body ?? {});
    return ok(await saveVendor(ctx, actor, entry.id, body), ADMIN_VENDORS_MSG.adminVendorSaved);
  });

  app.delete('/admin/vendors/:id', async (req) => {
    const actor = adminActor(req);
    const { id } = parse(AdminVendorIdSchema, req.params);
    const { vendor, changed } = await resetVendor(ctx, actor, entryOf(id).id);
    return ok(vendor, changed ? ADMIN_VENDORS_MSG.adminVendorReset : ADMIN_VENDORS_MSG.adminVendorNotOverridden);
  });

  app.post('/admin/vendors/:id/test', async (req) => {
    requireAdmin(req);
    const { id } = parse(AdminVendorIdSchema, req.params);
    return ok(await testVendor(ctx, entryOf(id)));
  });
}
