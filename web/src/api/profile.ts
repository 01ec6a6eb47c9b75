import type {
  ChangePasswordReq,
  DownloadLinks,
  EquityTable,
  InvitationInfoRes,
  PasswordState,
  UpdateInfoReq,
  UrlLinkRes,
  UserInfo,
} from '@wanxiang/contract';
import { get, post, type RequestOptions } from './request';

/** Personal centre and info pages: profile edits, password, download links, benefits, wallet. */
type CallOptions = Pick<RequestOptions, 'silent' | 'signal'>;

export function updateInfo(req: UpdateInfoReq, opts: CallOptions = {}): Promise<UserInfo> {
  return post<UserInfo>('/v1/user/updateInfo', req, opts);
}

export function passwordState(opts: CallOptions = {}): Promise<PasswordState> {
  return get<PasswordState>('/v1/user/passwordState', undefined, opts);
}

export function changePassword(req: ChangePasswordReq, opts: CallOptions = {}): Promise<null> {
  return post<null>('/v1/user/changePassword', req, opts);
}

export function downloadLinks(inviteCode: string | undefined, opts: CallOptions = {}): Promise<DownloadLinks> {
  return get<DownloadLinks>('/v1/config/downloads', { invite_code: inviteCode || undefined }, opts);
}

export function equityTable(opts: CallOptions = {}): Promise<EquityTable> {
  return get<EquityTable>('/v1/config/equity', undefined, opts);
}

export function generateUrlLink(req: { path: string; query?: string; invite_code?: string }, opts: CallOptions = {}): Promise<UrlLinkRes> {
  return post<UrlLinkRes>('/wechat/generate_urllink', req, opts);
}

/** The inviter's wallet figures (the invite area's call), for /wallet. */
export function invitationInfo(opts: CallOptions = {}): Promise<InvitationInfoRes> {
  return get<InvitationInfoRes>('/v1/user/getInvitationInfo', undefined, opts);
}
