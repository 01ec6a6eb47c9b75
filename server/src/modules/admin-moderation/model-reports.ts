import { ADMIN_MODERATION_MSG as M, type ModModelItem, type ModPage, type ModReportQuery, type ModReportStatus } from '@wanxiang/contract';
import { and, countDistinct, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { sharedModelReports, sharedModels } from '../../db/schema';
import { notFound, refused } from '../../http/errors';
import { writeAudit } from '../admin/audit';
import { offsetOf, pageOf, userOf, usersById, type AdminActor, type ModerationContext } from './shared';

/**
 * Reports of shared models (模型举报): the queue groups reports by card, and one decision settles every open report of
 * it: dismiss (the card stays, or is listed again when the reports had hidden it) or take the card off 模型广场
 * (status 5; its author still has it in 我的). Only open reports hide a card (shared-models store), so a dismissed
 * batch cannot hide it again.
 */
export const REPORT_STATUS: Record<ModReportStatus, number> = { open: 0, dismissed: 1, actioned: 2 };
const REPORT_STATUS_NAME = ['open', 'dismissed', 'actioned'] as const;
const LISTED = 1;
const HIDDEN_BY_REPORTS = 4;
export const TAKEN_DOWN = 5;

/** GET /api/admin/moderation/model-reports?status=: cards with reports of that status, the latest report first. */
export async function listModelReports(ctx: ModerationContext, q: ModReportQuery): Promise<ModPage<ModModelItem>> {
  const db = ctx.database.db;
  const code = REPORT_STATUS[q.status];
  const where = eq(sharedModelReports.status, code);
  const last = max(sharedModelReports.createdAt);
  const [groups, [total]] = await Promise.all([
    db
      .select({ modelId: sharedModelReports.modelId, last })
      .from(sharedModelReports)
      .where(where)
      .groupBy(sharedModelReports.modelId)
      .orderBy(desc(last), desc(sharedModelReports.modelId))
      .limit(q.size)
      .offset(offsetOf(q)),
    db.select({ n: countDistinct(sharedModelReports.modelId) }).from(sharedModelReports).where(where),
  ]);
  const ids = groups.map((g) => g.modelId);
  if (ids.length === 0) return pageOf([], Number(total?.n ?? 0), q);
  const [cards, reports] = await Promise.all([
    db.select().from(sharedModels).where(inArray(sharedModels.id, ids)),
    db
      .select()
      .from(sharedModelReports)
      .where(and(inArray(sharedModelReports.modelId, ids), where))
      .orderBy(desc(sharedModelReports.createdAt)),
  ]);
  const people = await usersById(db, [...cards.map((c) => c.userId), ...reports.map((r) => r.userId)]);
  const byId = new Map(cards.map((c) => [c.id, c]));
  const list: ModModelItem[] = [];
  for (const g of groups) {
    const c = byId.get(g.modelId);
    if (!c) continue;
    list.push({
      id: c.id,
      name: c.name,
      description: c.description,
      apiUrl: c.apiUrl,
      modelId: c.modelId,
      cardStatus: c.status,
      author: userOf(people, c.userId),
      reports: reports
        .filter((r) => r.modelId === c.id)
        .map((r) => ({ reporter: userOf(people, r.userId), reason: r.reason, status: REPORT_STATUS_NAME[r.status] ?? 'open', createdAt: r.createdAt.toISOString() })),
      lastReportAt: new Date(g.last ?? c.createdAt).toISOString(),
    });
  }
  return pageOf(list, Number(total?.n ?? 0), q);
}

/**
 * POST /api/admin/moderation/model-reports/:id/dismiss | takedown. Settles the card's open reports in one conditional
 * update (none open: another admin got there first), changes the card, and writes the audit row, in one transaction.
 */
export async function decideModelReports(
  ctx: ModerationContext,
  actor: AdminActor,
  modelId: number,
  decision: { takedown: false; note: string } | { takedown: true; reason: string },
): Promise<{ cardStatus: number; reportsSettled: number }> {
  return ctx.database.db.transaction(async (tx) => {
    const [card] = await tx.select({ status: sharedModels.status }).from(sharedModels).where(eq(sharedModels.id, modelId)).for('update');
    if (!card) throw notFound(M.modModelNotFound);
    const settled = await tx
      .update(sharedModelReports)
      .set({ status: decision.takedown ? REPORT_STATUS.actioned : REPORT_STATUS.dismissed, handledBy: actor.id, handledAt: new Date() })
      .where(and(eq(sharedModelReports.modelId, modelId), eq(sharedModelReports.status, REPORT_STATUS.open)))
      .returning({ userId: sharedModelReports.userId });
    if (settled.length === 0) throw refused(M.modModelNoOpenReports);
    // Dismissed: a card the reports had hidden is listed again; one its author hid stays hidden.
    const next = decision.takedown ? TAKEN_DOWN : card.status === HIDDEN_BY_REPORTS ? LISTED : card.status;
    // A take-down keeps its reason on the card: its author sees why (the shared-models answer, owner only).
    const reason = decision.takedown ? { takedownReason: decision.reason } : {};
    if (next !== card.status) await tx.update(sharedModels).set({ status: next, ...reason, updatedAt: sql`now()` }).where(eq(sharedModels.id, modelId));
    await writeAudit(
      ctx,
      {
        actor,
        action: decision.takedown ? 'moderation.model_takedown' : 'moderation.model_dismiss',
        target: { type: 'shared_model', id: modelId },
        before: { cardStatus: card.status, openReports: settled.length },
        after: decision.takedown
          ? { cardStatus: next, reason: decision.reason, reporters: settled.map((s) => s.userId) }
          : { cardStatus: next, note: decision.note, reporters: settled.map((s) => s.userId) },
      },
      tx,
    );
    return { cardStatus: next, reportsSettled: settled.length };
  });
}
