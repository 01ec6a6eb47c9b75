import { MSG, type UserInfo } from '@wanxiang/contract';

/** How a user is shown in the header and popover; pure, so the rules are unit-tested. */

/** 13812345678 -> 138****5678; anything that is not a full phone is shown as it is. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

export function displayName(user: Pick<UserInfo, 'nick' | 'phone' | 'account' | 'uid'>): string {
  return user.nick || maskPhone(user.phone) || user.account || `用户${user.uid}`;
}

/** Membership badge (docs/product/accounts.md §2): 普通用户 for vip 0, otherwise the membership type. */
export function membershipLabel(user: Pick<UserInfo, 'vip' | 'vipType'>): string {
  if (!user.vip) return MSG.ordinaryUser;
  return user.vipType || '会员';
}

export function isMember(user: Pick<UserInfo, 'vip'> | null): boolean {
  return Boolean(user && user.vip);
}

/** Expiry line for members: the date, or 永久有效 for permanent tiers; empty for free users. */
export function vipExpiryText(user: Pick<UserInfo, 'vip' | 'vipTime'>): string {
  if (!user.vip || !user.vipTime) return '';
  return user.vipTime === MSG.vipPermanent ? MSG.vipPermanent : `${user.vipTime.slice(0, 10)} 到期`;
}

/**
 * One character for an avatar without a picture, from the nickname; '' means "show an icon".
 * The server's default nick is the masked phone, whose leading digit would make a poor avatar.
 */
export function avatarInitial(user: Pick<UserInfo, 'nick'>): string {
  const first = Array.from(user.nick.trim())[0] ?? '';
  return /^[\d*]$/.test(first) ? '' : first;
}

/** The small line under the name: the masked phone when the name is a nickname, else the user id. */
export function secondaryLine(user: Pick<UserInfo, 'nick' | 'phone' | 'uid'>): string {
  if (user.nick && user.phone && user.nick !== maskPhone(user.phone)) return maskPhone(user.phone);
  return `ID ${user.uid}`;
}
