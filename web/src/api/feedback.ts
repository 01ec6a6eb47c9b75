import type { MessageReportReq, MessageReportRes, MessageVoteReq, MessageVoteRes, QuestionExtendRes } from '@wanxiang/contract';
import { post } from './request';

/** Feedback on replies and follow-up suggestions (docs/product/chat.md §4, §7). */

export function voteMessage(req: Omit<MessageVoteReq, 'model'> & { model?: string }): Promise<MessageVoteRes> {
  return post<MessageVoteRes>('/v1/chat/message/vote', req);
}

export function reportMessage(req: MessageReportReq): Promise<MessageReportRes> {
  return post<MessageReportRes>('/v1/chat/message/report', req);
}

/** How long the page waits for suggestions; the server gives up sooner (10 s). */
const FOLLOWUP_CLIENT_TIMEOUT_MS = 15_000;

/** Suggested follow-up questions; silent: suggestions are optional, a failure shows nothing. */
export function questionExtend(question: string, signal?: AbortSignal): Promise<QuestionExtendRes> {
  return post<QuestionExtendRes>(
    '/v1/chat/free/question.extend',
    { question },
    { silent: true, signal, timeoutMs: FOLLOWUP_CLIENT_TIMEOUT_MS },
  );
}
