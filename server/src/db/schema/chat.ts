import type { MessageExtras } from '@wanxiang/contract';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A chat session (docs/product/chat.md §3). `id` is the client's session uuid, unique per user. */
export const conversations = pgTable(
  'conversations',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: varchar('id', { length: 64 }).notNull(),
    title: varchar('title', { length: 100 }).notNull().default('新的对话'),
    model: varchar('model', { length: 64 }).notNull(),
    /** chat | battle | search: comparison and search sessions live in their own lists. */
    kind: varchar('kind', { length: 16 }).notNull().default('chat'),
    messageCount: integer('message_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] }), index('conversations_user_updated_idx').on(t.userId, t.kind, t.updatedAt)],
);

export const messages = pgTable(
  'messages',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    conversationId: varchar('conversation_id', { length: 64 }).notNull(),
    id: varchar('id', { length: 64 }).notNull(),
    role: varchar('role', { length: 16 }).notNull(),
    content: text('content').notNull().default(''),
    reasoning: text('reasoning').notNull().default(''),
    model: varchar('model', { length: 64 }).notNull().default(''),
    /** ok | waite | error (spelled as the spec does). */
    state: varchar('state', { length: 8 }).notNull().default('ok'),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    /** A reply's web search and tool calls (null when it had none). */
    extras: jsonb('extras').$type<MessageExtras>(),
    /** Branches (issue 17): the message this one follows ('' = opens the conversation, null = saved before branches: the previous one). */
    parentId: varchar('parent_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_conv_idx').on(t.userId, t.conversationId, t.seq), index('messages_user_id_idx').on(t.userId, t.id), index('messages_role_created_idx').on(t.role, t.createdAt)],
);
