import type { AdminAuditItem, AdminAuditList, AdminAuditQuery, AuditActorKind } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { insertAuditRow, selectAuditPage, type AuditRow } from './audit-store';

/**
 * The operator's audit log (QUALITY "every operator action lands in an append-only audit log"; docs/admin.md). Every
 * admin action, from the console, the command line or ADMIN_PHONES at login, writes one row with the state before and
 * after, in the same transaction as the change it records, so a change never lands without its row. Any area that adds
 * an operator action (catalog, money, moderation) calls `writeAudit` with its own `<area>.<verb>` action code.
 */
export type AuditContext = Pick<AppContext, 'database'>;

/** Who acted: an admin account (with the request's address), the `npm run admin` command line, or ADMIN_PHONES. */
export type AuditActor = { kind: 'admin'; id: number; ip?: string } | { kind: 'cli' } | { kind: 'config' };

export interface AuditEntry {
  actor: AuditActor;
  /** `<area>.<verb>`, e.g. user.points. */
  action: string;
  target: { type: string; id: string | number };
  /** The changed fields before and after (plain JSON; never secrets such as password hashes). */
  before?: unknown;
  after?: unknown;
}

/** Write one audit row; pass the transaction of the change (`tx`) so both commit or neither does. Answers its id. */
export async function writeAudit(ctx: AuditContext, entry: AuditEntry, tx?: Db): Promise<number> {
  const { actor } = entry;
  return insertAuditRow(tx ?? ctx.database.db, {
    actorKind: actor.kind,
    actorId: actor.kind === 'admin' ? actor.id : null,
    action: entry.action,
    targetType: entry.target.type,
    targetId: String(entry.target.id),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.kind === 'admin' ? (actor.ip ?? '').slice(0, 64) : '',
  });
}

function toItem(r: AuditRow): AdminAuditItem {
  return {
    id: r.id,
    actorKind: r.actorKind as AuditActorKind,
    actorId: r.actorId,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    before: r.before,
    after: r.after,
    ip: r.ip,
    at: r.at.toISOString(),
  };
}

/** `user:10001` -> type user, id 10001; `user:` -> every user row; `10001` -> id 10001 of any type. */
function splitTarget(target: string): { targetType: string; targetId: string } {
  const colon = target.indexOf(':');
  if (colon < 0) return { targetType: '', targetId: target };
  return { targetType: target.slice(0, colon), targetId: target.slice(colon + 1) };
}

/** GET /api/admin/audit: newest first, filtered by action (code or `area.` prefix) and target. */
export async function listAudit(ctx: AuditContext, q: AdminAuditQuery): Promise<AdminAuditList> {
  const filter = { action: q.action, ...splitTarget(q.target) };
  const { rows, total } = await selectAuditPage(ctx.database.db, filter, q.size, (q.page - 1) * q.size);
  return { list: rows.map(toItem), total, page: q.page, size: q.size };
}
