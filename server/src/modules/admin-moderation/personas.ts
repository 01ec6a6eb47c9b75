import {
  ADMIN_MODERATION_MSG as M,
  PERSONA_STATUS,
  type ModPage,
  type ModPersonaItem,
  type ModPersonaQuery,
  type ModPersonaStatus,
} from '@wanxiang/contract';
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { personas } from '../../db/schema';
import { notFound, refused } from '../../http/errors';
import { writeAudit } from '../admin/audit';
import { personaFactsCache } from '../personas/chat-facts';
import { reviewPersona } from '../personas/service';
import { selectById, type PersonaRow } from '../personas/store';
import { offsetOf, pageOf, userOf, usersById, type AdminActor, type ModerationContext } from './shared';

/**
 * Persona review in the console (角色审核): the queue of user-written personas by status, and approve / reject through
 * the personas service's one review transition (the same the `npm run personas` command line uses), only from
 * pending, so of two reviewers the second is told it is done. A rejection's reason is what its author sees.
 */
const STATUS_CODE: Record<ModPersonaStatus, number> = {
  pending: PERSONA_STATUS.pending,
  approved: PERSONA_STATUS.approved,
  refused: PERSONA_STATUS.refused,
};

function statusName(code: number): ModPersonaStatus {
  if (code === PERSONA_STATUS.approved) return 'approved';
  if (code === PERSONA_STATUS.pending) return 'pending';
  return 'refused';
}

/** GET /api/admin/moderation/personas?status=: user-written personas (built-ins are not reviewed), oldest pending first. */
export async function listPersonaQueue(ctx: ModerationContext, q: ModPersonaQuery): Promise<ModPage<ModPersonaItem>> {
  const db = ctx.database.db;
  const where = and(eq(personas.status, STATUS_CODE[q.status]), isNotNull(personas.userId));
  // Pending: first come, first reviewed; decided ones: the latest decision first.
  const order = q.status === 'pending' ? [personas.createdAt, personas.id] : [desc(personas.updatedAt), desc(personas.id)];
  const [rows, [total]] = await Promise.all([
    db.select().from(personas).where(where).orderBy(...order).limit(q.size).offset(offsetOf(q)),
    db.select({ n: count() }).from(personas).where(where),
  ]);
  const authors = await usersById(db, rows.flatMap((r) => (r.userId === null ? [] : [r.userId])));
  const list = rows.map((r) => toItem(r, r.userId === null ? null : userOf(authors, r.userId)));
  return pageOf(list, Number(total?.n ?? 0), q);
}

function toItem(r: PersonaRow, author: ModPersonaItem['author']): ModPersonaItem {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    avatar: r.avatar,
    emoji: r.emoji,
    context: r.context,
    status: statusName(r.status),
    reviewReason: r.reviewReason,
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    author,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * POST /api/admin/moderation/personas/:id/approve | reject: pending -> approved (everyone sees it) or refused (its
 * author sees it in red with `reason`). One conditional update and its audit row in one transaction.
 */
export async function decidePersona(ctx: ModerationContext, actor: AdminActor, id: number, decision: { approve: true } | { approve: false; reason: string }): Promise<ModPersonaItem> {
  const status = decision.approve ? PERSONA_STATUS.approved : PERSONA_STATUS.refused;
  const reason = decision.approve ? '' : decision.reason;
  const row = await ctx.database.db.transaction(async (tx) => {
    const updated = await reviewPersona(ctx, id, { status, reason, by: actor.id, from: PERSONA_STATUS.pending }, tx);
    if (!updated || updated.userId === null) {
      // Nothing changed (a built-in is never pending): tell a missing persona from one already decided.
      const existing = await selectById(tx, id);
      if (!existing || existing.userId === null) throw notFound(M.modPersonaNotFound);
      throw refused(M.modPersonaNotPending);
    }
    await writeAudit(
      ctx,
      {
        actor,
        action: decision.approve ? 'moderation.persona_approve' : 'moderation.persona_reject',
        target: { type: 'persona', id },
        before: { status: 'pending' },
        after: decision.approve ? { status: 'approved' } : { status: 'refused', reason },
      },
      tx,
    );
    return updated;
  });
  // Forget the chat path's cached status again now that the change is committed (a read in between may have cached the old one).
  personaFactsCache(ctx.moduleStates).forget(id);
  const authors = await usersById(ctx.database.db, [row.userId!]);
  return toItem(row, userOf(authors, row.userId!));
}
