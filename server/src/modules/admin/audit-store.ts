import { and, count, desc, eq, like, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAudit } from '../../db/schema';

/** SQL of the audit log: insert and read only (the table refuses UPDATE, DELETE and TRUNCATE; migration 0016). */
export type AuditRow = typeof adminAudit.$inferSelect;
export type NewAuditRow = typeof adminAudit.$inferInsert;

// ---- Create

export async function insertAuditRow(db: Db, row: NewAuditRow): Promise<number> {
  const [out] = await db.insert(adminAudit).values(row).returning({ id: adminAudit.id });
  if (!out) throw new Error('insert admin_audit returned no row');
  return out.id;
}

// ---- Query

export interface AuditFilter {
  /** An exact action code, or an area prefix ending in '.' (user.). */
  action: string;
  /** Target type; '' = any. */
  targetType: string;
  /** Target id; '' = any. */
  targetId: string;
}

/** LIKE escape for a literal prefix (action codes hold '_'). */
const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(f: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.action) parts.push(f.action.endsWith('.') ? like(adminAudit.action, likePrefix(f.action)) : eq(adminAudit.action, f.action));
  if (f.targetType) parts.push(eq(adminAudit.targetType, f.targetType));
  if (f.targetId) parts.push(eq(adminAudit.targetId, f.targetId));
  return parts.length ? and(...parts) : undefined;
}

/** One page of the log, newest first, and the total under the filter. */
export async function selectAuditPage(db: Db, f: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
  const where = whereOf(f);
  const [rows, [c]] = await Promise.all([
    db.select().from(adminAudit).where(where).orderBy(desc(adminAudit.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(adminAudit).where(where),
  ]);
  return { rows, total: Number(c?.n ?? 0) };
}
