import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AdminAuditQuerySchema,
  AdminBanSchema,
  AdminMembershipSchema,
  AdminPasswordSchema,
  AdminPointsSchema,
  AdminUserIdSchema,
  AdminUserListQuerySchema,
  MSG,
  ok,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/auth-user';
import { parse } from '../../http/validate';
import { listAudit } from './audit';
import { adjustPoints, banUser, resetPassword, setMembership, unbanUser } from './user-actions';
import { adminMe, listUsers, userDetail } from './users';

type IdParams = { Params: { id: string } };

/** The admin behind a request (requireAdmin), as the audit log records it. */
function adminActor(req: FastifyRequest) {
  return { kind: 'admin' as const, id: requireAdmin(req).id, ip: req.ip };
}

/**
 * The operator's API (/api/admin/*; docs/api.md "Admin", docs/admin.md). Every handler's first line is requireAdmin:
 * visitors 401, other accounts 403, before any input is read. Mutations write the audit log (user-actions.ts).
 */
export async function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/admin/me', async (req) => {
    const admin = requireAdmin(req);
    return ok(await adminMe(ctx, admin));
  });

  app.get('/admin/users', async (req) => {
    requireAdmin(req);
    return ok(await listUsers(ctx, parse(AdminUserListQuerySchema, req.query)));
  });

  app.get<IdParams>('/admin/users/:id', async (req) => {
    requireAdmin(req);
    const { id } = parse(AdminUserIdSchema, req.params);
    return ok(await userDetail(ctx, id));
  });

  app.post<IdParams>('/admin/users/:id/points', async (req) => {
    const actor = adminActor(req);
    const { id } = parse(AdminUserIdSchema, req.params);
    const body = parse(AdminPointsSchema, req.body);
    return ok(await adjustPoints(ctx, actor, id, body), MSG.adminPointsDone);
  });

  app.post<IdParams>('/admin/users/:id/membership', async (req) => {
    const actor = adminActor(req);
    const { id } = parse(AdminUserIdSchema, req.params);
    const body = parse(AdminMembershipSchema, req.body);
    return ok(await setMembership(ctx, actor, id, body), MSG.adminMembershipDone);
  });

  app.post<IdParams>('/admin/users/:id/ban', async (req) => {
    const actor = adminActor(req);
    const { id } = parse(AdminUserIdSchema, req.params);
    const { reason } = parse(AdminBanSchema, req.body);
    return ok(await banUser(ctx, actor, id, reason), MSG.adminBanDone);
  });

  app.post<IdParams>('/admin/users/:id/unban', async (req) => {
    const actor = adminActor(req);
    const { id } = parse(AdminUserIdSchema, req.params);
    return ok(await unbanUser(ctx, actor, id), MSG.adminUnbanDone);
  });

  app.post<IdParams>('/admin/users/:id/password', async (req) => {
    const actor = adminActor(req);
    const { id } = parse(AdminUserIdSchema, req.params);
    const { password } = parse(AdminPasswordSchema, req.body ?? {});
    return ok(await resetPassword(ctx, actor, id, password), MSG.adminPasswordDone);
  });

  app.get('/admin/audit', async (req) => {
    requireAdmin(req);
    return ok(await listAudit(ctx, parse(AdminAuditQuerySchema, req.query)));
  });
}
