import type { FastifyInstance } from 'fastify';
import { MessageReportSchema, MessageVoteSchema, MSG, ok, QuestionExtendSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth-user';
import { enforce, hit } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import { suggestFollowups } from '../chat/followups';
import { reportMessage, voteMessage } from './service';

/** Votes per user per minute (a person toggling, not a script). */
export const VOTES_PER_MINUTE = 60;
/** Reports per user per hour. */
export const REPORTS_PER_HOUR = 30;

/** Follow-up suggestion calls per user per minute (each one is a model call). */
export const FOLLOWUPS_PER_MINUTE = 20;

/**
 * What the reader does with a reply (docs/product/chat.md §4, §5, §7): like/dislike, the dislike/report dialog,
 * and follow-up suggestions (question.extend; the model call lives in chat/followups.ts). Login required.
 */
export async function registerFeedbackRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/v1/chat/message/vote', async (req) => {
    const user = requireUser(req);
    await enforce(ctx.kv, `feedback:vote:${user.id}`, 60, VOTES_PER_MINUTE);
    return ok(await voteMessage(ctx, user.id, parse(MessageVoteSchema, req.body)));
  });

  app.post('/v1/chat/message/report', async (req) => {
    const user = requireUser(req);
    await enforce(ctx.kv, `feedback:report:${user.id}`, 3600, REPORTS_PER_HOUR);
    return ok(await reportMessage(ctx, user.id, parse(MessageReportSchema, req.body)), MSG.reportSuccess);
  });

  // Suggestions are optional: a refused or failed generation is an empty list, not an error dialog.
  app.post('/v1/chat/free/question.extend', async (req, reply) => {
    const user = requireUser(req);
    const { question } = parse(QuestionExtendSchema, req.body);
    const within = await hit(ctx.kv, `followups:${user.id}`, 60, FOLLOWUPS_PER_MINUTE);
    if (!within.allowed) return ok([] as string[]);
    const gone = new AbortController();
    reply.raw.on('close', () => gone.abort());
    return ok(await suggestFollowups(ctx, question, gone.signal));
  });
}
