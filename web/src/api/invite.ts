import type {
  CashOrderItem,
  InvitationCodeRes,
  InvitationInfoRes,
  InviteeItem,
  InvitePage,
  MoneyCashReq,
  MoneyCashRes,
} from '@wanxiang/contract';
import { get, post, type RequestOptions } from './request';

/** Invitation calls (docs/product/invite.md §7): all login required. */
type CallOptions = Pick<RequestOptions, 'silent' | 'signal'>;

export function getInvitationCode(opts: CallOptions = {}): Promise<InvitationCodeRes> {
  return get<InvitationCodeRes>('/v1/user/getInvitationCode', undefined, opts);
}

export function openInvitePermission(opts: CallOptions = {}): Promise<{ invite_open: boolean }> {
  return get<{ invite_open: boolean }>('/v1/user/openInvitePermission', undefined, opts);
}

export function getInvitationInfo(opts: CallOptions = {}): Promise<InvitationInfoRes> {
  return get<InvitationInfoRes>('/v1/user/getInvitationInfo', undefined, opts);
}

export function getInvitationList(page: number, rows: number, opts: CallOptions = {}): Promise<InvitePage<InviteeItem>> {
  return get<InvitePage<InviteeItem>>('/v1/user/getInvitationList', { page, rows }, opts);
}

export function getInvitationCashOrder(page: number, rows: number, opts: CallOptions = {}): Promise<InvitePage<CashOrderItem>> {
  return get<InvitePage<CashOrderItem>>('/v1/user/getInvitationCashOrder', { page, rows }, opts);
}

/** The caller shows the refusal message itself: pass silent. */
export function moneyCash(req: MoneyCashReq, opts: CallOptions = {}): Promise<MoneyCashRes> {
  return post<MoneyCashRes>('/v1/user/moneyCash', req, opts);
}
