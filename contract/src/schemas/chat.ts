import { z } from 'zod';
import { MSG } from '../messages';
import { idField, pageField, rowsField } from './common';

export const ChatRoleSchema = z.enum(['system', 'user', 'assistant']);
export type ChatRole = z.infer<typeof ChatRoleSchema>;

export const HistoryMessageSchema = z.object({
  role: ChatRoleSchema,
  content: z.string().max(100_000, { error: '历史消息过长' }),
  id: z.string().max(64).optional(),
});
export type HistoryMessage = z.infer<typeof HistoryMessageSchema>;

/**
 * Body of POST /api/v1/chat2/{model}. `prompt` (or its alias `ask`) is the new question;
 * `messages` the earlier ok text/assistant messages of the session, oldest first.
 */
export const ChatRequestSchema = z
  .object({
    prompt: z.string().max(100_000, { error: '问题内容过长' }).optional(),
    ask: z.string().max(100_000, { error: '问题内容过长' }).optional(),
    messages: z.array(HistoryMessageSchema).max(200, { error: '历史消息过多' }).optional(),
    conversationId: z.string().trim().min(1).max(64).optional(),
    /** Client id of the user message, echoed into history. */
    messageId: z.string().trim().min(1).max(64).optional(),
    /**
     * Branches (issue 17): the message this question follows in the conversation tree ('' = it opens
     * the conversation); absent = after the last message, as before. Asking again with the messageId
     * of a question already saved (regenerate) adds only a new answer under it.
     */
    parentId: z.string().trim().max(64).optional(),
    params: z
      .object({
        temperature: z.number().min(0).max(2).optional(),
        max_tokens: z.number().int().min(1).max(32_000).optional(),
        presence_penalty: z.number().min(-2).max(2).optional(),
        frequency_penalty: z.number().min(-2).max(2).optional(),
      })
      .optional(),
    type: z.string().max(32).optional(),
    atype: z.string().max(32).optional(),
    /** allow_points models: pay with points instead of counts (开启积分抵扣). */
    usePoints: z.boolean().optional(),
    /** Ids of uploaded attachments (documents or one image) to give the model (docs/product/chat.md §9). */
    files: z.array(z.string().trim().min(1).max(36)).max(5, { error: '最多只能上传5个文件' }).optional(),
    /** Web-search source key from /api/v1/config/model/internet; absent = not enabled. */
    internet: z.string().trim().max(32).optional(),
    /** Persona whose context lines go before the conversation. */
    personaId: z.number().int().positive().optional(),
    /** Reply preferences (docs/product/chat.md §9): answer angle, modifiers, length, language. */
    prefs: z
      .object({
        angle: z.string().max(16).optional(),
        modifiers: z.array(z.string().max(16)).max(49).optional(),
        length: z.string().max(16).optional(),
        language: z.string().max(16).optional(),
      })
      .optional(),
  })
  .transform((b) => ({ ...b, prompt: (b.prompt ?? b.ask ?? '').trim() }))
  .refine((b) => b.prompt.length > 0, { error: MSG.askEmpty, path: ['prompt'] });
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/** Body of POST /api/v1/chat/stop: the answer to stop, by the messageId of its `meta` event (any of the caller's streamed answers). */
export const ChatStopSchema = z.object({
  messageId: z.string().trim().min(1).max(64),
});
export type ChatStopReq = z.infer<typeof ChatStopSchema>;

export const MessageStateSchema = z.enum(['ok', 'waite', 'error']);
export type MessageState = z.infer<typeof MessageStateSchema>;

/** One tool call of a reply as history keeps it (the tool_call event, then its tool_result). */
export interface StoredToolCall {
  id: string;
  name: string;
  server?: string;
  arguments: string;
  ok?: boolean;
  /** The tool's answer, cut to MESSAGE_TOOL_CONTENT_MAX characters. */
  content?: string;
}

/** What a reply did besides its text, kept with it so a reopened record shows it again. */
export interface MessageExtras {
  /** The web search before the answer (search, then search_read). */
  search?: { query: string; sources: { title: string; href: string }[] };
  tools?: StoredToolCall[];
}

/** A stored tool answer longer than this is cut: history shows what the tool said, not whole pages. */
export const MESSAGE_TOOL_CONTENT_MAX = 4000;

export interface StoredMessage extends MessageExtras {
  id: string;
  role: ChatRole;
  content: string;
  reasoning: string;
  model: string;
  state: MessageState;
  createdAt: string;
  /** The message this one follows (branches, issue 17): '' opens the conversation; absent on messages saved before branches (they follow the previous one). */
  parentId?: string;
}

export interface RecordItem {
  id: string;
  title: string;
  model: string;
  messageCount: number;
  createdAt: string;
  updatedAt: string;
}

export const RecordListSchema = z.object({
  page: pageField,
  rows: rowsField,
  model: z.string().max(64).optional(),
  type: z.string().max(32).optional(),
  keyword: z.string().max(100).optional(),
});
export type RecordListReq = z.infer<typeof RecordListSchema>;
export interface RecordListRes {
  list: RecordItem[];
  total: number;
  page: number;
  rows: number;
}

export const RecordIdSchema = z.object({ id: idField });
export type RecordIdReq = z.infer<typeof RecordIdSchema>;
export interface RecordDataRes extends RecordItem {
  messages: StoredMessage[];
}

export const RecordAddSchema = z.object({
  id: z.string().trim().min(1).max(64).optional(),
  title: z.string().trim().max(100).optional(),
  model: z.string().trim().min(1).max(64).default('v35'),
});
export type RecordAddReq = z.infer<typeof RecordAddSchema>;

export const RecordRenameSchema = z.object({
  id: idField,
  title: z.string({ error: '请输入会话名称' }).trim().min(1, { error: '请输入会话名称' }).max(100, { error: '会话名称最多100个字' }),
});
export type RecordRenameReq = z.infer<typeof RecordRenameSchema>;

/** POST /v1/chat/record/clear: every conversation of the user, or only those of one kind. */
export const RecordClearSchema = z.object({
  type: z.string().max(32).optional(),
});
export type RecordClearReq = z.infer<typeof RecordClearSchema>;
export interface RecordClearRes {
  deleted: number;
}
