import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personas, users } from '../../db/schema';

/**
 * SQL of personas. A persona is visible to a caller when it is approved and public, or when the
 * caller wrote it; every read below puts that rule in its WHERE, so nothing else leaks.
 */

export type Executor = Pick<Db, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;
export type PersonaRow = typeof personas.$inferSelect;
export type NewPersona = typeof personas.$inferInsert;

/** A persona with its author's public face (null for built-ins). */
export interface PersonaWithAuthor extends PersonaRow {
  authorAvatar: string | null;
  authorAccount: string | null;
  authorPhone: string | null;
  authorNick: string | null;
}

const APPROVED = 1;

function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Approved public personas, plus the caller's own of any status (guests: approved only). */
function visibleTo(userId: number | null): SQL {
  const approved = and(eq(personas.status, APPROVED), eq(personas.isPublic, true)) as SQL;
  return userId === null ? approved : (or(approved, eq(personas.userId, userId)) as SQL);
}

const withAuthor = {
  id: personas.id,
  userId: personas.userId,
  title: personas.title,
  description: personas.description,
  avatar: personas.avatar,
  emoji: personas.emoji,
  context: personas.context,
  status: personas.status,
  isPublic: personas.isPublic,
  reviewReason: personas.reviewReason,
  reviewedBy: personas.reviewedBy,
  reviewedAt: personas.reviewedAt,
  createdAt: personas.createdAt,
  updatedAt: personas.updatedAt,
  authorAvatar: users.avatar,
  authorAccount: users.account,
  authorPhone: users.phone,
  authorNick: users.nick,
};

// ---- Query

/** A page of the personas the caller may see: their own first, then built-ins, then newest. */
export async function selectVisiblePage(
  db: Executor,
  userId: number | null,
  keyword: string | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: PersonaWithAuthor[]; total: number }> {
  const where = and(
    visibleTo(userId),
    keyword ? or(ilike(personas.title, likePattern(keyword)), ilike(personas.description, likePattern(keyword))) : undefined,
  );
  const order = [sql`case when ${personas.userId} is null then 0 else 1 end`, desc(personas.createdAt), desc(personas.id)];
  if (userId !== null) order.unshift(sql`case when ${personas.userId} = ${userId} then 0 else 1 end`);
  const [rows, totals] = await Promise.all([
    db
      .select(withAuthor)
      .from(personas)
      .leftJoin(users, eq(users.id, personas.userId))
      .where(where)
      .orderBy(...order)
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(personas).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** One persona, only when the caller may see it. */
export async function selectVisible(db: Executor, userId: number | null, id: number): Promise<PersonaWithAuthor | undefined> {
  const rows = await db
    .select(withAuthor)
    .from(personas)
    .leftJoin(users, eq(users.id, personas.userId))
    .where(and(eq(personas.id, id), visibleTo(userId)))
    .limit(1);
  return rows[0];
}

/** What the chat path needs of a persona, whoever asks (chat-facts.ts decides who may use it). */
export async function selectChatFacts(
  db: Executor,
  id: number,
): Promise<Pick<PersonaRow, 'userId' | 'isPublic' | 'status' | 'context'> | undefined> {
  const rows = await db
    .select({ userId: personas.userId, isPublic: personas.isPublic, status: personas.status, context: personas.context })
    .from(personas)
    .where(eq(personas.id, id))
    .limit(1);
  return rows[0];
}

/** Any persona by id, whatever its status (operator CLI). */
export async function selectById(db: Executor, id: number): Promise<PersonaRow | undefined> {
  const rows = await db.select().from(personas).where(eq(personas.id, id)).limit(1);
  return rows[0];
}

export async function selectByStatus(db: Executor, status: number, limit: number): Promise<PersonaRow[]> {
  return db.select().from(personas).where(eq(personas.status, status)).orderBy(desc(personas.createdAt)).limit(limit);
}

// ---- Create

export async function insertPersona(db: Executor, row: NewPersona): Promise<PersonaRow> {
  const [created] = await db.insert(personas).values(row).returning();
  if (!created) throw new Error('insert into personas returned no row');
  return created;
}

/**
 * Insert the built-in personas that are not there yet (matched by title among user_id null),
 * under a transaction-scoped advisory lock so processes booting together insert each once.
 */
export async function insertMissingBuiltins(db: Db, rows: Omit<NewPersona, 'userId'>[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await tx.select({ title: personas.title }).from(personas).where(isNull(personas.userId));
    const have = new Set(existing.map((r) => r.title));
    const missing = rows.filter((r) => !have.has(r.title));
    if (missing.length) await tx.insert(personas).values(missing.map((r) => ({ ...r, userId: null })));
    return missing.length;
  });
}

/** Arbitrary constant naming the seeding lock. */
const SEED_LOCK_KEY = 7_310_001;

// ---- Update

/** A review decision: the new status, the reason its author sees, the reviewing admin (null from the command line). */
export interface StatusChange {
  status: number;
  reason?: string;
  by?: number | null;
  /** Only when the persona is in this status now (one reviewer wins; the other's update matches no row). */
  from?: number;
}

export async function updateStatus(db: Executor, id: number, change: StatusChange): Promise<PersonaRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(personas)
    .set({ status: change.status, reviewReason: change.reason ?? '', reviewedBy: change.by ?? null, reviewedAt: now, updatedAt: now })
    .where(and(eq(personas.id, id), change.from === undefined ? undefined : eq(personas.status, change.from)))
    .returning();
  return row;
}
