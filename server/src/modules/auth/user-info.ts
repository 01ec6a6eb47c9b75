import { APP_ID, VIP_TIME_PERMANENT, type UserInfo } from '@wanxiang/contract';
import { formatBusinessTime } from './business-time';
import { effectiveVip } from '../shop/membership';
import type { UserRow } from './store';

/** vipTime of the spec: '' for free users, 永久有效 for permanent, else the expiry in business time. */
export function vipTimeOf(u: Pick<UserRow, 'vip' | 'vipPermanent' | 'vipExpiresAt'>, tz: string): string {
  if (effectiveVip(u) === 0) return '';
  if (u.vipPermanent) return VIP_TIME_PERMANENT;
  return u.vipExpiresAt ? formatBusinessTime(u.vipExpiresAt, tz) : '';
}

/** The spec's user info for a row; `token` is the caller's session token (token and access_token). */
export function toUserInfo(u: UserRow, token: string, tz: string): UserInfo {
  return {
    id: u.id,
    uid: u.id,
    appid: APP_ID,
    token,
    access_token: token,
    phone: u.phone ?? '',
    account: u.account ?? '',
    email: u.email ?? '',
    nick: u.nick,
    avatar: u.avatar,
    vip: effectiveVip(u),
    vipType: u.vipType,
    vipTime: vipTimeOf(u, tz),
    vipgrade: u.vipgrade,
    higher: 0,
    points: u.points,
    invite_code: u.inviteCode,
    createdAt: formatBusinessTime(u.createdAt, tz),
    role: u.role === 'admin' ? 'admin' : 'user',
  };
}

/** Default nickname: the masked phone, the e-mail's local part, or the username. */
export function defaultNick(kind: 'phone' | 'email' | 'username', name: string): string {
  if (kind === 'phone') return `${name.slice(0, 3)}****${name.slice(7)}`;
  if (kind === 'email') return name.split('@')[0]!.slice(0, 64);
  return name;
}
