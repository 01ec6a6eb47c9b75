import {
  MSG,
  type AdminCardBatchCreate,
  type AdminCardBatchCreated,
  type AdminCardBatchList,
  type AdminCardItem,
  type AdminCardList,
  type AdminCardListQuery,
  type AdminCashItem,
  type AdminCashList,
  type AdminCashListQuery,
  type AdminOrderList,
  type AdminOrderQuery,
  type AdminRefundRes,
} from '@wanxiang/contract';
import { apiUrl, authHeaders, get, post, RequestError, type QueryValue, type RequestOptions } from './request';

/**
 * The money area of the operator's API (docs/api.md "Admin money"), used only by the console. Calls are silent: the
 * console shows the server's Chinese message where the action happened.
 */
type CallOptions = Pick<RequestOptions, 'silent' | 'signal'>;
const quiet = (opts: CallOptions): CallOptions => ({ silent: true, ...opts });

export function adminOrders(q: Partial<AdminOrderQuery>, opts: CallOptions = {}): Promise<AdminOrderList> {
  return get<AdminOrderList>('/admin/orders', q, quiet(opts));
}

export function adminRefund(orderNo: string, reason: string): Promise<AdminRefundRes> {
  return post<AdminRefundRes>(`/admin/orders/${encodeURIComponent(orderNo)}/refund`, { reason }, quiet({}));
}

export function adminCardBatches(page: number, opts: CallOptions = {}): Promise<AdminCardBatchList> {
  return get<AdminCardBatchList>('/admin/cards/batches', { page }, quiet(opts));
}

export function adminIssueCards(req: AdminCardBatchCreate): Promise<AdminCardBatchCreated> {
  return post<AdminCardBatchCreated>('/admin/cards/batches', req, quiet({}));
}

export function adminCards(q: Partial<AdminCardListQuery>, opts: CallOptions = {}): Promise<AdminCardList> {
  return get<AdminCardList>('/admin/cards', q, quiet(opts));
}

export function adminVoidCard(code: string): Promise<AdminCardItem> {
  return post<AdminCardItem>(`/admin/cards/${encodeURIComponent(code)}/void`, {}, quiet({}));
}

export function adminCashOuts(q: Partial<AdminCashListQuery>, opts: CallOptions = {}): Promise<AdminCashList> {
  return get<AdminCashList>('/admin/cash-outs', q, quiet(opts));
}

export function adminApproveCash(id: number, transferRef: string): Promise<AdminCashItem> {
  return post<AdminCashItem>(`/admin/cash-outs/${id}/approve`, { transferRef }, quiet({}));
}

export function adminRefuseCash(id: number, reason: string): Promise<AdminCashItem> {
  return post<AdminCashItem>(`/admin/cash-outs/${id}/refuse`, { reason }, quiet({}));
}

/**
 * Download a CSV the server streams (orders.csv, a batch's cards.csv). A link cannot carry the session header, so the
 * file is fetched with it and handed to the browser as a blob; a refusal (an envelope) becomes a RequestError with
 * the server's message.
 */
export async function downloadCsv(path: string, query: Record<string, QueryValue>, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path, query), { headers: authHeaders(), credentials: 'same-origin' });
  } catch {
    throw new RequestError(504, MSG.networkError);
  }
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/csv')) {
    const body = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    throw new RequestError(body?.code ?? res.status, body?.msg || MSG.requestFailed, body);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser the moment it needs to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

