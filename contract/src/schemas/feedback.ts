import { z } from 'zod';
import { MSG } from '../messages';

/**
 * Message feedback (like/dislike, the dislike/report dialog), follow-up suggestions and the
 * reply-preference options (docs/product/chat.md §4, §5, §9).
 */

const messageIdField = z
  .string({ error: MSG.feedbackMessageRequired })
  .trim()
  .min(1, { error: MSG.feedbackMessageRequired })
  .max(64, { error: MSG.feedbackMessageRequired });
const modelField = z.string().trim().max(64).default('');

/** POST /api/v1/chat/message/vote: 1 like, -1 dislike, 0 take the vote back (toggle off). */
export const MessageVoteSchema = z.object({
  messageId: messageIdField,
  vote: z.union([z.literal(1), z.literal(-1), z.literal(0)], { error: MSG.feedbackVoteInvalid }),
  model: modelField,
});
export type MessageVoteReq = z.infer<typeof MessageVoteSchema>;
export interface MessageVoteRes {
  messageId: string;
  vote: -1 | 0 | 1;
}

/** Report categories: harmful/unsafe 1, vulgar 2, abuse 3, illegal 4, other 5 (docs/product/chat.md §9). */
export const REPORT_CATEGORIES = [1, 2, 3, 4, 5] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
export const REPORT_REASON_MAX = 500;
/** How much of the reported reply is kept with the report. */
export const REPORT_EXCERPT_MAX = 4_000;

/** POST /api/v1/chat/message/report: the dislike dialog. */
export const MessageReportSchema = z.object({
  messageId: messageIdField,
  conversationId: z.string().trim().max(64).optional(),
  model: modelField,
  category: z.union(
    REPORT_CATEGORIES.map((c) => z.literal(c)),
    { error: MSG.reportCategoryRequired },
  ),
  reason: z
    .string({ error: MSG.reportReasonRequired })
    .trim()
    .min(1, { error: MSG.reportReasonRequired })
    .max(REPORT_REASON_MAX, { error: MSG.reportReasonTooLong }),
  /** The reply as the user saw it; longer text is cut, not refused. */
  excerpt: z
    .string()
    .default('')
    .transform((s) => s.slice(0, REPORT_EXCERPT_MAX)),
});
/** What a client sends (excerpt optional). */
export type MessageReportReq = z.input<typeof MessageReportSchema>;
/** The parsed report (excerpt cut to REPORT_EXCERPT_MAX). */
export type MessageReport = z.output<typeof MessageReportSchema>;
export interface MessageReportRes {
  id: number;
}

/** POST /api/v1/chat/free/question.extend: data is the list of suggested follow-up questions. */
export const QuestionExtendSchema = z.object({
  question: z
    .string({ error: MSG.followupQuestionRequired })
    .trim()
    .min(1, { error: MSG.followupQuestionRequired })
    .max(4_000, { error: '问题内容过长' }),
});
export type QuestionExtendReq = z.infer<typeof QuestionExtendSchema>;
export type QuestionExtendRes = string[];

/** Reply preferences: keys travel in the request (`prefs`), labels come from MSG. */
export type AnswerAngle = keyof typeof MSG.prefsAngles;
export type ReplyLength = keyof typeof MSG.prefsLengths;
export type ReplyLanguage = keyof typeof MSG.prefsLanguages;
export const ANSWER_ANGLES = Object.keys(MSG.prefsAngles) as AnswerAngle[];
export const REPLY_LENGTHS = Object.keys(MSG.prefsLengths) as ReplyLength[];
export const REPLY_LANGUAGES = Object.keys(MSG.prefsLanguages) as ReplyLanguage[];
export const REPLY_MODIFIERS: readonly string[] = MSG.prefsModifierWords;
/** Spec defaults: length short, angle default, language Chinese. */
export const DEFAULT_REPLY_PREFS = { angle: 'default', length: 'short', language: 'zh' } as const;
