import dayjs from 'dayjs';
import { ADMIN_CONSOLE_MSG as T, type AdminStatsMetric, type AdminUserItem } from '@wanxiang/contract';

/** How the console writes numbers, money, times and people (pure, unit-tested). */

/** Cents as yuan with two decimals and thousands separators: 123456 -> ¥1,234.56. */
export function formatCents(cents: number): string {
  return `¥${(cents / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A dashboard number: money for revenue, otherwise a count (averages keep up to two decimals). */
export function formatMetric(metric: AdminStatsMetric, value: number): string {
  if (metric === 'revenueCents') return formatCents(value);
  return value.toLocaleString('zh-CN', { maximumFractionDigits: 2 });
}

export interface Comparison {
  /** Today against the window's mean per day, in percent (one decimal); null when there is no baseline. */
  pct: number | null;
  trend: 'up' | 'down' | 'flat';
}

/** Today's value against the daily average of the days before (a zero average has nothing to compare with). */
export function compareToAverage(today: number, average: number): Comparison {
  if (average === 0) return { pct: null, trend: today > 0 ? 'up' : 'flat' };
  const pct = Math.round(((today - average) / average) * 1000) / 10;
  return { pct, trend: pct > 0 ? 'up' : pct < 0 ? 'down' : 'flat' };
}

/** 'YYYY-MM-DD HH:mm:ss' in the browser's zone, or a dash for no time. */
export function formatTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : T.none;
}

/** The name to show for an account: nick, else phone, else its id. */
export function userLabel(u: Pick<AdminUserItem, 'id' | 'nick' | 'phone'>): string {
  return u.nick || u.phone || `#${u.id}`;
}

/** The membership as one short text: 普通用户, VIP 2 · 永久, VIP 1 · 至 2026-01-01 00:00:00, or VIP 1 · 已过期. */
export function membershipText(u: Pick<AdminUserItem, 'vip' | 'vipStored' | 'vipPermanent' | 'vipExpiresAt' | 'vipType'>): string {
  if (u.vipStored === 0) return T.vipNone;
  const level = [T.vipLevel(u.vipStored), u.vipType].filter(Boolean).join(' ');
  if (u.vipPermanent) return `${level} · ${T.vipPermanent}`;
  if (u.vip === 0) return `${level} · ${T.vipExpired}`;
  return `${level} · ${T.vipUntil(formatTime(u.vipExpiresAt))}`;
}
