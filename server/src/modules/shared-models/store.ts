import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sharedModelComments, sharedModelLikes, sharedModelReports, sharedModels, users } from '../../db/schema';

/** Database access of the shared model cards; the service holds the rules. */

export type Row = typeof sharedModels.$inferSelect;
export type RowWithAuthor = Row & { author: string; liked: boolean };

/** Status of a listed card, one its author took down, one hidden after reports. */
export const LISTED = 1;
export const HIDDEN_BY_REPORTS = 4;
/** Taken off 模型广场 by an operator (admin-moderation), with the reason its author sees. */
export const TAKEN_DOWN = 5;

/** `%` and `_` typed by a user are literal characters, not wildcards. */
const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const authorName = sql<string>`coalesce(nullif(${users.nick}, ''), '用户' || ${sharedModels.userId}::text)`;

function likedBy(viewer: number | null) {
  if (viewer === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${sharedModelLikes} l where l.model_id = ${sharedModels.id} and l.user_id = ${viewer})`;
}

export interface ListQuery {
  viewer: number | null;
  mine: boolean;
  keyword: string;
  sort: 'new' | 'hot';
  offset: number;
  limit: number;
}

export async function listCards(db: Db, q: ListQuery): Promise<{ rows: RowWithAuthor[]; total: number }> {
  const where: SQL[] = [];
  if (q.mine && q.viewer !== null) where.push(eq(sharedModels.userId, q.viewer));
  else where.push(eq(sharedModels.status, LISTED));
  if (q.keyword) where.push(or(ilike(sharedModels.name, likePattern(q.keyword)), ilike(sharedModels.description, likePattern(q.keyword)))!);
  const cond = and(...where);
  const order = q.sort === 'hot' ? [desc(sharedModels.likes), desc(sharedModels.id)] : [desc(sharedModels.id)];
  const rows = await db
    .select({ card: sharedModels, author: authorName, liked: likedBy(q.viewer) })
    .from(sharedModels)
    .leftJoin(users, eq(users.id, sharedModels.userId))
    .where(cond)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db.select({ n: count() }).from(sharedModels).where(cond);
  return { rows: rows.map((r) => ({ ...r.card, author: r.author, liked: Boolean(r.liked) })), total: Number(total?.n ?? 0) };
}

export async function findCard(db: Db, id: number, viewer: number | null): Promise<RowWithAuthor | undefined> {
  const [r] = await db
    .select({ card: sharedModels, author: authorName, liked: likedBy(viewer) })
    .from(sharedModels)
    .leftJoin(users, eq(users.id, sharedModels.userId))
    .where(eq(sharedModels.id, id))
    .limit(1);
  return r ? { ...r.card, author: r.author, liked: Boolean(r.liked) } : undefined;
}

export type CardFields = Pick<Row, 'name' | 'description' | 'icon' | 'apiUrl' | 'modelId' | 'functions'>;

export async function insertCard(db: Db, userId: number, f: CardFields): Promise<number> {
  const [r] = await db
    .insert(sharedModels)
    .values({ userId, ...f })
    .returning({ id: sharedModels.id });
  return r!.id;
}

/** Update the author's own card; false when no card of theirs has that id. */
export async function updateOwnCard(db: Db, userId: number, id: number, f: CardFields): Promise<boolean> {
  const r = await db
    .update(sharedModels)
    .set({ ...f, updatedAt: new Date() })
    .where(and(eq(sharedModels.id, id), eq(sharedModels.userId, userId)))
    .returning({ id: sharedModels.id });
  return r.length > 0;
}

export async function deleteOwnCard(db: Db, userId: number, id: number): Promise<boolean> {
  const r = await db
    .delete(sharedModels)
    .where(and(eq(sharedModels.id, id), eq(sharedModels.userId, userId)))
    .returning({ id: sharedModels.id });
  return r.length > 0;
}

/**
 * Toggle the user's like in one transaction: the like row (primary key model+user) decides,
 * and the counter moves by exactly the row inserted or deleted, so parallel clicks stay exact.
 */
export async function toggleLike(db: Db, id: number, userId: number): Promise<{ liked: boolean; likes: number } | null> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(sharedModelLikes).values({ modelId: id, userId }).onConflictDoNothing().returning({ m: sharedModelLikes.modelId });
    let liked = inserted.length > 0;
    let delta = liked ? 1 : 0;
    if (!liked) {
      const removed = await tx
        .delete(sharedModelLikes)
        .where(and(eq(sharedModelLikes.modelId, id), eq(sharedModelLikes.userId, userId)))
        .returning({ m: sharedModelLikes.modelId });
      delta = removed.length > 0 ? -1 : 0;
      liked = false;
    }
    const [r] = await tx
      .update(sharedModels)
      .set({ likes: sql`greatest(${sharedModels.likes} + ${delta}, 0)` })
      .where(eq(sharedModels.id, id))
      .returning({ likes: sharedModels.likes });
    return r ? { liked, likes: r.likes } : null;
  });
}

export async function insertComment(db: Db, id: number, userId: number, content: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(sharedModelComments).values({ modelId: id, userId, content });
    await tx
      .update(sharedModels)
      .set({ comments: sql`${sharedModels.comments} + 1` })
      .where(eq(sharedModels.id, id));
  });
}

export async function listComments(db: Db, id: number, offset: number, limit: number) {
  const rows = await db
    .select({
      id: sharedModelComments.id,
      content: sharedModelComments.content,
      createdAt: sharedModelComments.createdAt,
      author: sql<string>`coalesce(nullif(${users.nick}, ''), '用户' || ${sharedModelComments.userId}::text)`,
    })
    .from(sharedModelComments)
    .leftJoin(users, eq(users.id, sharedModelComments.userId))
    .where(eq(sharedModelComments.modelId, id))
    .orderBy(desc(sharedModelComments.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(sharedModelComments).where(eq(sharedModelComments.modelId, id));
  return { rows, total: Number(total?.n ?? 0) };
}

/** When a card is hidden by reports: `hideAt` reporters whose accounts were created before `accountsBefore`. */
export interface HideRule {
  hideAt: number;
  accountsBefore: Date;
}

/**
 * Record one report per user (false when this user reported before). The card is hidden once
 * `hideAt` distinct reporters count: accounts older than the rule's cutoff, the author excluded,
 * so a batch of fresh accounts (or the author) cannot take a card down. Only open reports count:
 * reports an operator dismissed (admin moderation) do not hide the card again.
 */
export async function insertReport(db: Db, id: number, userId: number, reason: string, rule: HideRule): Promise<boolean> {
  return db.transaction(async (tx) => {
    const r = await tx.insert(sharedModelReports).values({ modelId: id, userId, reason }).onConflictDoNothing().returning({ m: sharedModelReports.modelId });
    if (r.length === 0) return false;
    await tx
      .update(sharedModels)
      .set({ status: HIDDEN_BY_REPORTS })
      .where(
        and(
          eq(sharedModels.id, id),
          sql`(select count(*) from ${sharedModelReports} r join ${users} u on u.id = r.user_id
                where r.model_id = ${id} and r.status = 0 and r.user_id <> ${sharedModels.userId} and u.created_at < ${rule.accountsBefore.toISOString()}::timestamptz) >= ${rule.hideAt}`,
        ),
      );
    return true;
  });
}

export async function countAdd(db: Db, id: number): Promise<number | null> {
  const [r] = await db
    .update(sharedModels)
    .set({ adds: sql`${sharedModels.adds} + 1` })
    .where(and(eq(sharedModels.id, id), eq(sharedModels.status, LISTED)))
    .returning({ adds: sharedModels.adds });
  return r ? r.adds : null;
}
