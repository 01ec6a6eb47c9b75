import type { ModPage, ModUser } from '@wanxiang/contract';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { AuditActor } from '../admin/audit';

/** What the moderation area uses of the server. */
export type ModerationContext = Pick<AppContext, 'database' | 'moduleStates'>;
/** The admin acting (requireAdmin), as the audit log records it. */
export type AdminActor = Extract<AuditActor, { kind: 'admin' }>;

/** Accounts by id as a moderator sees them; an account deleted since shows as its id. */
export async function usersById(db: Db, ids: number[]): Promise<Map<number, ModUser>> {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db.select({ id: users.id, nick: users.nick, phone: users.phone }).from(users).where(inArray(users.id, unique))
    : [];
  const map = new Map<number, ModUser>(rows.map((r) => [r.id, { id: r.id, nick: r.nick, phone: r.phone ?? '' }]));
  for (const id of unique) if (!map.has(id)) map.set(id, { id, nick: '', phone: '' });
  return map;
}

export function userOf(map: Map<number, ModUser>, id: number): ModUser {
  return map.get(id) ?? { id, nick: '', phone: '' };
}

export function pageOf<T>(list: T[], total: number, q: { page: number; size: number }): ModPage<T> {
  return { list, total, page: q.page, size: q.size };
}

export const offsetOf = (q: { page: number; size: number }) => (q.page - 1) * q.size;
