import type {
  AdminAuditList,
  AdminAuditQuery,
  AdminBanRes,
  AdminMe,
  AdminMembershipReq,
  AdminPasswordRes,
  AdminPointsReq,
  AdminPointsRes,
  AdminStats,
  AdminUserDetail,
  AdminUserItem,
  AdminUserList,
  AdminUserListQuery,
} from '@wanxiang/contract';
import { get, post, type RequestOptions } from './request';

/**
 * The operator's API (/api/admin/*, docs/api.md "Admin" and "Admin stats"), used only by the console (features/admin).
 * Every call is silent by default: the console shows the server's Chinese message where the action happened.
 */
type CallOptions = Pick<RequestOptions, 'silent' | 'signal'>;
const quiet = (opts: CallOptions): CallOptions => ({ silent: true, ...opts });

/** The signed-in admin: 401 for visitors, 403 for other accounts (the console's entry check). */
export function adminMe(opts: CallOptions = {}): Promise<AdminMe> {
  return get<AdminMe>('/admin/me', undefined, quiet(opts));
}

export function adminStats(days: number, opts: CallOptions = {}): Promise<AdminStats> {
  return get<AdminStats>('/admin/stats', { days }, quiet(opts));
}

export function adminUsers(q: Partial<AdminUserListQuery>, opts: CallOptions = {}): Promise<AdminUserList> {
  return get<AdminUserList>('/admin/users', q, quiet(opts));
}

export function adminUser(id: number, opts: CallOptions = {}): Promise<AdminUserDetail> {
  return get<AdminUserDetail>(`/admin/users/${id}`, undefined, quiet(opts));
}

export function adminAdjustPoints(id: number, req: AdminPointsReq, opts: CallOptions = {}): Promise<AdminPointsRes> {
  return post<AdminPointsRes>(`/admin/users/${id}/points`, req, quiet(opts));
}

export function adminSetMembership(id: number, req: AdminMembershipReq, opts: CallOptions = {}): Promise<AdminUserItem> {
  return post<AdminUserItem>(`/admin/users/${id}/membership`, req, quiet(opts));
}

export function adminBan(id: number, reason: string, opts: CallOptions = {}): Promise<AdminBanRes> {
  return post<AdminBanRes>(`/admin/users/${id}/ban`, { reason }, quiet(opts));
}

export function adminUnban(id: number, opts: CallOptions = {}): Promise<AdminUserItem> {
  return post<AdminUserItem>(`/admin/users/${id}/unban`, {}, quiet(opts));
}

/** A new password for the user; without one the server makes a random one and answers it once. */
export function adminResetPassword(id: number, password: string | undefined, opts: CallOptions = {}): Promise<AdminPasswordRes> {
  return post<AdminPasswordRes>(`/admin/users/${id}/password`, password ? { password } : {}, quiet(opts));
}

export function adminAudit(q: Partial<AdminAuditQuery>, opts: CallOptions = {}): Promise<AdminAuditList> {
  return get<AdminAuditList>('/admin/audit', q, quiet(opts));
}
