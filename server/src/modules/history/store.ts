import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, messages } from '../../db/schema';
import type { MessageExtras } from '@wanxiang/contract';

/**
 * SQL of chat history. Every statement ANDs the owner's userId into its WHERE, so a
 * conversation id of another user simply matches nothing.
 */

/** A drizzle handle or an open transaction on it. */
export type Executor = Pick<Db, 'execute' | 'select' | 'insert' | 'update' | 'delete'>;

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export interface ConversationFilter {
  model?: string;
  kind?: string;
  keyword?: string;
}

/** Escape LIKE wildcards so a keyword is matched literally. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conversationWhere(userId: number, f: ConversationFilter): SQL | undefined {
  return and(
    eq(conversations.userId, userId),
    f.kind ? eq(conversations.kind, f.kind) : undefined,
    f.model ? eq(conversations.model, f.model) : undefined,
    f.keyword ? ilike(conversations.title, likePattern(f.keyword)) : undefined,
  );
}

// ---- Query

/** A page of the user's conversations, most recently active first. */
export async function selectConversationPage(
  db: Executor,
  userId: number,
  f: ConversationFilter,
  offset: number,
  limit: number,
): Promise<{ rows: ConversationRow[]; total: number }> {
  const where = conversationWhere(userId, f);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(conversations)
      .where(where)
      .orderBy(desc(conversations.updatedAt), desc(conversations.createdAt))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(conversations).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function selectConversation(db: Executor, userId: number, id: string): Promise<ConversationRow | undefined> {
  const rows = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.id, id)))
    .limit(1);
  return rows[0];
}

/** Messages of one conversation, oldest first. */
export async function selectMessages(db: Executor, userId: number, conversationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.conversationId, conversationId)))
    .orderBy(asc(messages.seq));
}

// ---- Create

export interface NewConversation {
  id: string;
  model: string;
  kind: string;
  title: string;
}

/** Create the conversation unless the user already has one with this id; answers the row either way. */
export async function insertConversationIfAbsent(db: Executor, userId: number, c: NewConversation): Promise<ConversationRow> {
  const inserted = await db
    .insert(conversations)
    .values({ userId, id: c.id, model: c.model, kind: c.kind, title: c.title })
    .onConflictDoNothing()
    .returning();
  const row = inserted[0] ?? (await selectConversation(db, userId, c.id));
  if (!row) throw new Error('conversation vanished while being created');
  return row;
}

export interface NewMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  reasoning?: string;
  model: string;
  state: 'ok' | 'waite' | 'error';
  promptTokens?: number | null;
  completionTokens?: number | null;
  extras?: MessageExtras | null;
  /** The message this one follows (branches); null/absent = not given. */
  parentId?: string | null;
}

/**
 * Upsert the conversation and append the user's prompt in ONE statement: it runs beside the
 * upstream call on the chat path, where every round trip counts. The first prompt of a
 * conversation still carrying the default title gives it its title.
 */
export async function insertPrompt(db: Executor, userId: number, c: NewConversation, m: NewMessage, defaultTitle: string): Promise<void> {
  // A question already saved (regenerate asks it again under its own id) is not saved twice: only
  // its new answer is added, as a sibling of the earlier ones (branches, issue 17).
  await db.execute(sql`WITH seen AS (
    SELECT 1 FROM messages WHERE user_id = ${userId}::bigint AND conversation_id = ${c.id}::varchar AND id = ${m.id}::varchar AND role = 'user'
  ), c AS (
    INSERT INTO conversations AS cv (user_id, id, model, kind, title, message_count)
    VALUES (${userId}::bigint, ${c.id}::varchar, ${c.model}::varchar, ${c.kind}::varchar, ${c.title}::varchar, 1)
    ON CONFLICT (user_id, id) DO UPDATE SET
      message_count = cv.message_count + CASE WHEN EXISTS (SELECT 1 FROM seen) THEN 0 ELSE 1 END,
      updated_at = now(),
      model = excluded.model,
      title = CASE WHEN cv.message_count = 0 AND cv.title = ${defaultTitle}::varchar THEN excluded.title ELSE cv.title END
    RETURNING 1
  )
  INSERT INTO messages (user_id, conversation_id, id, role, content, model, state, parent_id)
  SELECT ${userId}::bigint, ${c.id}::varchar, ${m.id}::varchar, ${m.role}::varchar, ${m.content}::text, ${m.model}::varchar, ${m.state}::varchar,
    ${m.parentId ?? null}::varchar
  FROM c WHERE NOT EXISTS (SELECT 1 FROM seen)`);
}

/**
 * Append a reply to an existing conversation of the user (count and activity time updated),
 * in one statement. A conversation deleted while the reply streamed gets no orphan message.
 */
export async function insertReply(db: Executor, userId: number, conversationId: string, m: NewMessage): Promise<boolean> {
  const res = (await db.execute(sql`WITH c AS (
    UPDATE conversations SET message_count = message_count + 1, updated_at = now()
    WHERE user_id = ${userId}::bigint AND id = ${conversationId}::varchar
    RETURNING 1
  )
  INSERT INTO messages (user_id, conversation_id, id, role, content, reasoning, model, state, prompt_tokens, completion_tokens, extras, parent_id)
  SELECT ${userId}::bigint, ${conversationId}::varchar, ${m.id}::varchar, ${m.role}::varchar, ${m.content}::text,
    ${m.reasoning ?? ''}::text, ${m.model}::varchar, ${m.state}::varchar, ${m.promptTokens ?? null}::int, ${m.completionTokens ?? null}::int,
    ${m.extras ? JSON.stringify(m.extras) : null}::jsonb, ${m.parentId ?? null}::varchar
  FROM c
  RETURNING 1`)) as unknown as { rows: unknown[] };
  return res.rows.length === 1;
}

// ---- Update

export async function updateTitle(db: Executor, userId: number, id: string, title: string): Promise<ConversationRow | undefined> {
  const rows = await db
    .update(conversations)
    .set({ title })
    .where(and(eq(conversations.userId, userId), eq(conversations.id, id)))
    .returning();
  return rows[0];
}

// ---- Delete

/** Delete one conversation and its messages; answers whether it existed. */
export async function deleteConversation(db: Db, userId: number, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(conversations)
      .where(and(eq(conversations.userId, userId), eq(conversations.id, id)))
      .returning({ id: conversations.id });
    if (gone.length === 0) return false;
    await tx.delete(messages).where(and(eq(messages.userId, userId), eq(messages.conversationId, id)));
    return true;
  });
}

/** Delete all the user's conversations (of one kind when given) and their messages; answers how many. */
export async function deleteConversations(db: Db, userId: number, kind?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(conversations)
      .where(and(eq(conversations.userId, userId), kind ? eq(conversations.kind, kind) : undefined))
      .returning({ id: conversations.id });
    if (gone.length === 0) return 0;
    // The user's messages whose conversation is gone: no id list, however many were deleted.
    await tx.execute(sql`DELETE FROM messages m WHERE m.user_id = ${userId}::bigint
      AND NOT EXISTS (SELECT 1 FROM conversations c WHERE c.user_id = m.user_id AND c.id = m.conversation_id)`);
    return gone.length;
  });
}
