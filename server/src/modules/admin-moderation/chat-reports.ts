import { ADMIN_MODERATION_MSG as M, type ModChatReportItem, type ModPage, type ModReportQuery } from '@wanxiang/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { messageReports } from '../../db/schema';
import { notFound, refused } from '../../http/errors';
import { writeAudit } from '../admin/audit';
import { REPORT_STATUS } from './model-reports';
import { offsetOf, pageOf, userOf, usersById, type AdminActor, type ModerationContext } from './shared';

/**
 * Reports of chat replies (对话举报, the dislike dialog): each report with its reporter and the reply's text as they saw
 * it. A reply is only ever shown to the account that asked (there is no public share of a conversation), so there is
 * nothing to take off a public page: the decision is dismiss or confirm a violation (kept with a note for the model's
 * vendor follow-up), one conditional transition from open, audited.
 */
const STATUS_NAME = ['open', 'dismissed', 'actioned'] as const;

/** GET /api/admin/moderation/chat-reports?status=: newest first. */
export async function listChatReports(ctx: ModerationContext, q: ModReportQuery): Promise<ModPage<ModChatReportItem>> {
  const db = ctx.database.db;
  const where = eq(messageReports.status, REPORT_STATUS[q.status]);
  const [rows, [total]] = await Promise.all([
    db.select().from(messageReports).where(where).orderBy(desc(messageReports.id)).limit(q.size).offset(offsetOf(q)),
    db.select({ n: count() }).from(messageReports).where(where),
  ]);
  const people = await usersById(db, rows.map((r) => r.userId));
  const list = rows.map(
    (r): ModChatReportItem => ({
      id: r.id,
      reporter: userOf(people, r.userId),
      messageId: r.messageId,
      conversationId: r.conversationId,
      model: r.model,
      category: r.category,
      reason: r.reason,
      excerpt: r.excerpt,
      status: STATUS_NAME[r.status] ?? 'open',
      handleNote: r.handleNote,
      handledAt: r.handledAt ? r.handledAt.toISOString() : null,
      createdAt: r.createdAt.toISOString(),
    }),
  );
  return pageOf(list, Number(total?.n ?? 0), q);
}

/** POST /api/admin/moderation/chat-reports/:id/dismiss | confirm {note}: open -> dismissed | actioned. */
export async function decideChatReport(ctx: ModerationContext, actor: AdminActor, id: number, confirm: boolean, note: string): Promise<{ id: number; status: 'dismissed' | 'actioned' }> {
  const status = confirm ? 'actioned' : 'dismissed';
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(messageReports)
      .set({ status: REPORT_STATUS[status], handledBy: actor.id, handledAt: new Date(), handleNote: note })
      .where(and(eq(messageReports.id, id), eq(messageReports.status, REPORT_STATUS.open)))
      .returning({ id: messageReports.id, messageId: messageReports.messageId });
    if (!row) {
      const [exists] = await tx.select({ id: messageReports.id }).from(messageReports).where(eq(messageReports.id, id));
      if (!exists) throw notFound(M.modChatReportNotFound);
      throw refused(M.modChatReportHandled);
    }
    await writeAudit(
      ctx,
      {
        actor,
        action: confirm ? 'moderation.chat_confirm' : 'moderation.chat_dismiss',
        target: { type: 'message_report', id },
        before: { status: 'open' },
        after: { status, note, messageId: row.messageId },
      },
      tx,
    );
    return { id, status };
  });
}
