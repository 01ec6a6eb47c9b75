import type { MessageReport, MessageReportRes, MessageVoteReq, MessageVoteRes } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { deleteVote, insertReport, upsertVote } from './store';

/**
 * Feedback on replies: a like/dislike per user and message (toggled: 0 takes it back) and
 * reports from the dislike dialog. Message ids are the client's ids, so a reply of a model
 * that keeps no server history can be judged too.
 */

export type FeedbackContext = Pick<AppContext, 'database'>;

export async function voteMessage(ctx: FeedbackContext, userId: number, req: MessageVoteReq): Promise<MessageVoteRes> {
  const db = ctx.database.db;
  if (req.vote === 0) await deleteVote(db, userId, req.messageId);
  else await upsertVote(db, userId, req.messageId, req.model, req.vote);
  return { messageId: req.messageId, vote: req.vote };
}

export async function reportMessage(ctx: FeedbackContext, userId: number, req: MessageReport): Promise<MessageReportRes> {
  const id = await insertReport(ctx.database.db, {
    userId,
    messageId: req.messageId,
    conversationId: req.conversationId ?? '',
    model: req.model,
    category: req.category,
    reason: req.reason,
    excerpt: req.excerpt,
  });
  return { id };
}
