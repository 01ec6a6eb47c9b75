import { ADMIN_MODERATION_MSG as M, type ModImageItem, type ModImageQuery, type ModImageStatus, type ModPage } from '@wanxiang/contract';
import { and, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { imgPublishes, imgPublishReports } from '../../db/schema';
import { notFound, refused } from '../../http/errors';
import { writeAudit } from '../admin/audit';
import { offsetOf, pageOf, userOf, usersById, type AdminActor, type ModerationContext } from './shared';

/**
 * The picture gallery (作品广场) as a moderator sees it: every published picture by status, with its report count. Take
 * down (status 5, with the reason its author sees in 我的作品) and restore (listed again) are conditional transitions
 * on the row's status, audited. The square and its public image routes serve listed rows only, so a taken-down
 * picture leaves them at once.
 */
const STATUS_CODE: Record<ModImageStatus, number> = { listed: 1, hidden: 4, taken_down: 5 };
const STATUS_NAME: Record<number, ModImageStatus> = { 1: 'listed', 4: 'hidden', 5: 'taken_down' };

export const modImageThumbUrl = (id: number) => `/api/admin/moderation/images/${id}/thumb`;
export const modImageUrl = (id: number) => `/api/admin/moderation/images/${id}/image`;

/** GET /api/admin/moderation/images?status=: newest first. */
export async function listImages(ctx: ModerationContext, q: ModImageQuery): Promise<ModPage<ModImageItem>> {
  const db = ctx.database.db;
  const where = eq(imgPublishes.status, STATUS_CODE[q.status]);
  const [rows, [total]] = await Promise.all([
    db.select().from(imgPublishes).where(where).orderBy(desc(imgPublishes.id)).limit(q.size).offset(offsetOf(q)),
    db.select({ n: count() }).from(imgPublishes).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  // The reports that count now (those since the last restore), as the square's auto-hide counts them.
  const reportCounts = ids.length
    ? await db
        .select({ id: imgPublishReports.publishId, n: count() })
        .from(imgPublishReports)
        .innerJoin(imgPublishes, eq(imgPublishes.id, imgPublishReports.publishId))
        .where(and(inArray(imgPublishReports.publishId, ids), or(isNull(imgPublishes.restoredAt), gt(imgPublishReports.createdAt, imgPublishes.restoredAt))))
        .groupBy(imgPublishReports.publishId)
    : [];
  const reports = new Map(reportCounts.map((r) => [r.id, Number(r.n)]));
  const people = await usersById(db, rows.map((r) => r.userId));
  const list = rows.map(
    (r): ModImageItem => ({
      id: r.id,
      title: r.title,
      tool: r.toolId,
      width: r.width,
      height: r.height,
      thumbUrl: modImageThumbUrl(r.id),
      imageUrl: modImageUrl(r.id),
      status: STATUS_NAME[r.status] ?? 'listed',
      takedownReason: r.takedownReason,
      likes: r.likes,
      reports: reports.get(r.id) ?? 0,
      author: userOf(people, r.userId),
      createdAt: r.createdAt.toISOString(),
    }),
  );
  return pageOf(list, Number(total?.n ?? 0), q);
}

/** The row behind the admin's image routes, whatever its status. */
export async function publishedRow(ctx: ModerationContext, id: number): Promise<{ userId: number; fileId: string }> {
  const [r] = await ctx.database.db.select({ userId: imgPublishes.userId, fileId: imgPublishes.fileId }).from(imgPublishes).where(eq(imgPublishes.id, id));
  if (!r) throw notFound(M.modImageNotFound);
  return r;
}

/**
 * POST /api/admin/moderation/images/:id/takedown {reason}: listed or hidden -> taken down; /restore: taken down or
 * hidden -> listed. The update's WHERE names the statuses it leaves, so of two admins the second gets a refusal. A
 * restore stamps restored_at, so reports filed before it no longer count towards the square's auto-hide.
 */
export async function decideImage(ctx: ModerationContext, actor: AdminActor, id: number, decision: { takedown: true; reason: string } | { takedown: false }): Promise<{ id: number; status: ModImageStatus }> {
  const from = decision.takedown ? [STATUS_CODE.listed, STATUS_CODE.hidden] : [STATUS_CODE.taken_down, STATUS_CODE.hidden];
  const to = decision.takedown ? STATUS_CODE.taken_down : STATUS_CODE.listed;
  const reason = decision.takedown ? decision.reason : '';
  return ctx.database.db.transaction(async (tx) => {
    // The row is locked first so the audit's "before" is the state this update replaced.
    const [row] = await tx.select({ status: imgPublishes.status, reason: imgPublishes.takedownReason }).from(imgPublishes).where(eq(imgPublishes.id, id)).for('update');
    if (!row) throw notFound(M.modImageNotFound);
    const changed = await tx
      .update(imgPublishes)
      // A restore starts the count afresh: the reports before it were judged, only later ones may hide it again.
      .set(decision.takedown ? { status: to, takedownReason: reason } : { status: to, takedownReason: '', restoredAt: sql`now()` })
      .where(and(eq(imgPublishes.id, id), inArray(imgPublishes.status, from)))
      .returning({ id: imgPublishes.id });
    if (changed.length === 0) throw refused(decision.takedown ? M.modImageAlreadyDown : M.modImageNotDown);
    const before = STATUS_NAME[row.status] ?? 'listed';
    await writeAudit(
      ctx,
      {
        actor,
        action: decision.takedown ? 'moderation.image_takedown' : 'moderation.image_restore',
        target: { type: 'img_publish', id },
        before: decision.takedown ? { status: before } : { status: before, reason: row.reason },
        after: decision.takedown ? { status: 'taken_down', reason } : { status: 'listed' },
      },
      tx,
    );
    return { id, status: STATUS_NAME[to]! };
  });
}
