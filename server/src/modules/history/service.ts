import { randomUUID } from 'node:crypto';
import {
  LIMITS,
  MSG,
  type RecordAddReq,
  type RecordClearRes,
  type RecordDataRes,
  type RecordItem,
  type RecordListReq,
  type RecordListRes,
  type RecordRenameReq,
  type StoredMessage,
} from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import {
  deleteConversation,
  deleteConversations,
  insertConversationIfAbsent,
  insertPrompt,
  insertReply,
  selectConversation,
  selectConversationPage,
  selectMessages,
  updateTitle,
  type ConversationRow,
  type Executor,
  type MessageRow,
  type NewMessage,
} from './store';

/** Chat history of one user: conversations and their messages. */

export type HistoryContext = Pick<AppContext, 'database'>;

/** Characters of the first prompt that become a conversation's title. */
const TITLE_CHARS = 30;

function toItem(c: ConversationRow): RecordItem {
  return {
    id: c.id,
    title: c.title,
    model: c.model,
    messageCount: c.messageCount,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

function toMessage(m: MessageRow): StoredMessage {
  return {
    id: m.id,
    role: m.role as StoredMessage['role'],
    content: m.content,
    reasoning: m.reasoning,
    model: m.model,
    state: m.state as StoredMessage['state'],
    createdAt: m.createdAt.toISOString(),
    ...(m.extras?.search ? { search: m.extras.search } : {}),
    ...(m.extras?.tools?.length ? { tools: m.extras.tools } : {}),
    ...(m.parentId !== null ? { parentId: m.parentId } : {}),
  };
}

/** The title a first prompt gives its conversation. */
export function titleFromPrompt(prompt: string): string {
  const flat = prompt.replace(/\s+/g, ' ').trim();
  return Array.from(flat).slice(0, TITLE_CHARS).join('') || LIMITS.defaultSessionName;
}

export async function listRecords(ctx: HistoryContext, userId: number, req: RecordListReq): Promise<RecordListRes> {
  const { rows, total } = await selectConversationPage(
    ctx.database.db,
    userId,
    { model: req.model, kind: req.type, keyword: req.keyword?.trim() || undefined },
    (req.page - 1) * req.rows,
    req.rows,
  );
  return { list: rows.map(toItem), total, page: req.page, rows: req.rows };
}

/** One conversation with its messages, oldest first; another user's id is not found. */
export async function getRecord(ctx: HistoryContext, userId: number, id: string): Promise<RecordDataRes> {
  const [conversation, rows] = await Promise.all([
    selectConversation(ctx.database.db, userId, id),
    selectMessages(ctx.database.db, userId, id),
  ]);
  if (!conversation) throw notFound(MSG.recordNotFound);
  return { ...toItem(conversation), messages: rows.map(toMessage) };
}

/** Create an empty conversation (or answer the user's existing one with that id). */
export async function addRecord(ctx: HistoryContext, userId: number, req: RecordAddReq): Promise<RecordItem> {
  return toItem(await ensureConversation(ctx, userId, { id: req.id ?? randomUUID(), model: req.model, title: req.title }));
}

export async function renameRecord(ctx: HistoryContext, userId: number, req: RecordRenameReq): Promise<RecordItem> {
  const row = await updateTitle(ctx.database.db, userId, req.id, req.title);
  if (!row) throw notFound(MSG.recordNotFound);
  return toItem(row);
}

export async function deleteRecord(ctx: HistoryContext, userId: number, id: string): Promise<void> {
  if (!(await deleteConversation(ctx.database.db, userId, id))) throw notFound(MSG.recordNotFound);
}

export async function clearRecords(ctx: HistoryContext, userId: number, kind?: string): Promise<RecordClearRes> {
  return { deleted: await deleteConversations(ctx.database.db, userId, kind) };
}

// ---- used by the chat stream

export interface ConversationRef {
  id: string;
  model: string;
  /** chat | battle | search */
  kind?: string;
  title?: string;
}

export async function ensureConversation(ctx: HistoryContext, userId: number, c: ConversationRef): Promise<ConversationRow> {
  return insertConversationIfAbsent(ctx.database.db, userId, {
    id: c.id,
    model: c.model,
    kind: c.kind ?? 'chat',
    title: c.title || LIMITS.defaultSessionName,
  });
}

/**
 * First half of an exchange, written while the upstream answers: the conversation (created on
 * first use, titled by its first prompt) and the user's message.
 */
export async function savePrompt(
  ctx: HistoryContext,
  userId: number,
  c: ConversationRef,
  message: { id: string; content: string; parentId?: string },
): Promise<void> {
  await insertPrompt(
    ctx.database.db,
    userId,
    { id: c.id, model: c.model, kind: c.kind ?? 'chat', title: titleFromPrompt(message.content) },
    { id: message.id, role: 'user', content: message.content, model: c.model, state: 'ok', parentId: message.parentId },
    LIMITS.defaultSessionName,
  );
}

export type ReplyMessage = Omit<NewMessage, 'role'>;

/**
 * Second half: the assistant's reply. Pass the transaction that also settles the quota so
 * "persisted" and "charged" happen together. Answers false when the conversation is gone.
 */
export async function saveReply(
  ctx: HistoryContext,
  userId: number,
  conversationId: string,
  reply: ReplyMessage,
  tx?: Executor,
): Promise<boolean> {
  return insertReply(tx ?? ctx.database.db, userId, conversationId, { ...reply, role: 'assistant' });
}
