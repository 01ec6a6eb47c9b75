import type { AdminVendorItem, AdminVendorListRes, AdminVendorSave, AdminVendorTestRes } from '@wanxiang/contract';
import { get, post, request, type RequestOptions } from './request';

/**
 * The vendors area of the operator's API (docs/api.md "Admin: vendors"), used only by the console. Calls are silent: the
 * page shows the server's Chinese message where the action happened.
 */
type CallOptions = Pick<RequestOptions, 'silent' | 'signal'>;
const quiet = (opts: CallOptions): CallOptions => ({ silent: true, ...opts });
const path = (id: string) => `/admin/vendors/${encodeURIComponent(id)}`;

export function adminVendors(opts: CallOptions = {}): Promise<AdminVendorListRes> {
  return get<AdminVendorListRes>('/admin/vendors', undefined, quiet(opts));
}

export function adminSaveVendor(id: string, body: AdminVendorSave): Promise<AdminVendorItem> {
  return request<AdminVendorItem>(path(id), { method: 'PUT', body, ...quiet({}) });
}

export function adminResetVendor(id: string): Promise<AdminVendorItem> {
  return request<AdminVendorItem>(path(id), { method: 'DELETE', ...quiet({}) });
}

/** The test waits for the vendor (up to 10 s on the server): a longer client timeout than the default. */
export function adminTestVendor(id: string): Promise<AdminVendorTestRes> {
  return post<AdminVendorTestRes>(`${path(id)}/test`, undefined, { ...quiet({}), timeoutMs: 20_000 });
}
