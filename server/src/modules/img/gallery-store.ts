import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { imgPublishes, imgPublishLikes, imgPublishReports, users } from '../../db/schema';

/** SQL of the drawing square (绘画广场): published rows, likes and reports. The gallery service holds the rules. */

export type PublishRow = typeof imgPublishes.$inferSelect;
export type PublishView = PublishRow & { author: string; liked: boolean };

/** Status of a listed image, and of one hidden after reports (its author still sees it). */
export const LISTED = 1;
export const HIDDEN_BY_REPORTS = 4;

const authorName = sql<string>`coalesce(nullif(${users.nick}, ''), '用户' || ${imgPublishes.userId}::text)`;

function likedBy(viewer: number | null) {
  if (viewer === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${imgPublishLikes} l where l.publish_id = ${imgPublishes.id} and l.user_id = ${viewer})`;
}

const view = (r: { row: PublishRow; author: string; liked: unknown }): PublishView => ({ ...r.row, author: r.author, liked: Boolean(r.liked) });

/** The listed images, newest first. */
export async function listPublished(db: Db, viewer: number | null, limit: number, offset: number): Promise<{ rows: PublishView[]; total: number }> {
  const cond = eq(imgPublishes.status, LISTED);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: imgPublishes, author: authorName, liked: likedBy(viewer) })
      .from(imgPublishes)
      .leftJoin(users, eq(users.id, imgPublishes.userId))
      .where(cond)
      .orderBy(desc(imgPublishes.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(imgPublishes).where(cond),
  ]);
  return { rows: rows.map(view), total: Number(total?.n ?? 0) };
}

export async function findPublished(db: Db, id: number, viewer: number | null): Promise<PublishView | undefined> {
  const [r] = await db
    .select({ row: imgPublishes, author: authorName, liked: likedBy(viewer) })
    .from(imgPublishes)
    .leftJoin(users, eq(users.id, imgPublishes.userId))
    .where(eq(imgPublishes.id, id))
    .limit(1);
  return r ? view(r) : undefined;
}

export type NewPublish = Pick<PublishRow, 'userId' | 'taskId' | 'toolId' | 'fileId' | 'title' | 'width' | 'height'>;

/** Publish a task's image; null when that task was published before (one row per task). */
export async function insertPublished(db: Db, row: NewPublish): Promise<number | null> {
  const r = await db.insert(imgPublishes).values(row).onConflictDoNothing({ target: imgPublishes.taskId }).returning({ id: imgPublishes.id });
  return r[0]?.id ?? null;
}

/** Take the author's own image off the square; false when none of theirs has that id. */
export async function deleteOwnPublished(db: Db, userId: number, id: number): Promise<boolean> {
  const r = await db
    .delete(imgPublishes)
    .where(and(eq(imgPublishes.id, id), eq(imgPublishes.userId, userId)))
    .returning({ id: imgPublishes.id });
  return r.length > 0;
}

/**
 * Toggle the user's like in one transaction: the like row (primary key image+user) decides, and
 * the counter moves by exactly the row inserted or deleted, so parallel clicks stay exact.
 */
export async function toggleLike(db: Db, id: number, userId: number): Promise<{ liked: boolean; likes: number } | null> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(imgPublishLikes).values({ publishId: id, userId }).onConflictDoNothing().returning({ p: imgPublishLikes.publishId });
    let liked = inserted.length > 0;
    let delta = liked ? 1 : 0;
    if (!liked) {
      const removed = await tx
        .delete(imgPublishLikes)
        .where(and(eq(imgPublishLikes.publishId, id), eq(imgPublishLikes.userId, userId)))
        .returning({ p: imgPublishLikes.publishId });
      delta = removed.length > 0 ? -1 : 0;
      liked = false;
    }
    const [r] = await tx
      .update(imgPublishes)
      .set({ likes: sql`greatest(${imgPublishes.likes} + ${delta}, 0)` })
      .where(eq(imgPublishes.id, id))
      .returning({ likes: imgPublishes.likes });
    return r ? { liked, likes: r.likes } : null;
  });
}

/** When reports hide an image: `hideAt` reporters whose accounts were created before `accountsBefore`. */
export interface HideRule {
  hideAt: number;
  accountsBefore: Date;
}

/**
 * Record one report per user (false when this user reported before). The image is hidden once
 * `hideAt` distinct reporters count: accounts older than the rule's cutoff, the author excluded,
 * so a batch of fresh accounts cannot take an image down; after an operator restored the image,
 * only reports filed since the restore count (a user whose report was judged may report it anew).
 */
export async function insertReport(db: Db, id: number, userId: number, reason: string, detail: string, rule: HideRule): Promise<boolean> {
  return db.transaction(async (tx) => {
    // A report from before the last restore was judged: the same user may file it again, as a new report.
    const r = await tx
      .insert(imgPublishReports)
      .values({ publishId: id, userId, reason, detail })
      .onConflictDoUpdate({
        target: [imgPublishReports.publishId, imgPublishReports.userId],
        set: { reason, detail, createdAt: sql`now()` },
        setWhere: sql`${imgPublishReports.createdAt} <= (select p.restored_at from ${imgPublishes} p where p.id = ${id})`,
      })
      .returning({ p: imgPublishReports.publishId });
    if (r.length === 0) return false;
    await tx
      .update(imgPublishes)
      .set({ status: HIDDEN_BY_REPORTS })
      .where(
        and(
          eq(imgPublishes.id, id),
          sql`(select count(*) from ${imgPublishReports} r join ${users} u on u.id = r.user_id
                where r.publish_id = ${id} and r.user_id <> ${imgPublishes.userId} and u.created_at < ${rule.accountsBefore.toISOString()}::timestamptz
                  and (${imgPublishes.restoredAt} is null or r.created_at > ${imgPublishes.restoredAt})) >= ${rule.hideAt}`,
        ),
      );
    return true;
  });
}
