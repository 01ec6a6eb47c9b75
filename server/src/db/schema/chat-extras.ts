import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** A persona / AI role (docs/product/prompts-and-personas.md §3). status: 1 normal, 2 refused, 4 pending review. */
export const personas = pgTable(
  'personas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
    /** Author; null for the built-in personas shipped with the catalog. */
    userId: bigint('user_id', { mode: 'number' }),
    title: varchar('title', { length: 50 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    emoji: varchar('emoji', { length: 16 }).notNull().default(''),
    /** [{ role: system|user|assistant, content }] */
    context: jsonb('context').$type<{ role: 'system' | 'user' | 'assistant'; content: string }[]>().notNull(),
    status: smallint('status').notNull().default(4),
    /** Shown to everyone once approved; own personas are always listed for their author. */
    isPublic: boolean('is_public').notNull().default(true),
    /** Why a reviewer refused it, shown to its author ('' otherwise). */
    reviewReason: varchar('review_reason', { length: 200 }).notNull().default(''),
    /** The admin who last reviewed it in the console (null: never, or the command line). */
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('personas_user_idx').on(t.userId, t.createdAt), index('personas_status_idx').on(t.status, t.createdAt)],
);

/** Like (1) / dislike (-1) of a reply; one vote per user and message, toggled. */
export const messageVotes = pgTable(
  'message_votes',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    messageId: varchar('message_id', { length: 64 }).notNull(),
    model: varchar('model', { length: 64 }).notNull().default(''),
    vote: smallint('vote').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
);

/** Reports of a reply (dislike dialog): category 1 harmful, 2 vulgar, 3 abuse, 4 illegal, 5 other. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    messageId: varchar('message_id', { length: 64 }).notNull(),
    conversationId: varchar('conversation_id', { length: 64 }).notNull().default(''),
    model: varchar('model', { length: 64 }).notNull().default(''),
    category: smallint('category').notNull(),
    reason: text('reason').notNull(),
    /** The reported text as the user saw it (the reply may be deleted later). */
    excerpt: text('excerpt').notNull().default(''),
    /** Moderation (admin console): 0 open, 1 dismissed, 2 confirmed as a violation. */
    status: smallint('status').notNull().default(0),
    handledBy: bigint('handled_by', { mode: 'number' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handleNote: varchar('handle_note', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_reports_created_idx').on(t.createdAt), index('message_reports_status_idx').on(t.status, t.id)],
);

/** A multi-model comparison session (/api/v2/chat/groups/*). */
export const chatGroups = pgTable(
  'chat_groups',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    id: varchar('id', { length: 64 }).notNull(),
    title: varchar('title', { length: 100 }).notNull().default('新的聊天'),
    models: jsonb('models').$type<string[]>().notNull(),
    multiTurn: boolean('multi_turn').notNull().default(false),
    messageCount: integer('message_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] }), index('chat_groups_user_updated_idx').on(t.userId, t.updatedAt)],
);

/** Messages of a comparison session: the question (model '') and each model's answer. */
export const chatGroupMessages = pgTable(
  'chat_group_messages',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    groupId: varchar('group_id', { length: 64 }).notNull(),
    id: varchar('id', { length: 64 }).notNull(),
    /** Which question this row belongs to (answers share their question's round). */
    round: integer('round').notNull().default(0),
    model: varchar('model', { length: 64 }).notNull().default(''),
    role: varchar('role', { length: 16 }).notNull(),
    content: text('content').notNull().default(''),
    reasoning: text('reasoning').notNull().default(''),
    state: varchar('state', { length: 8 }).notNull().default('ok'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_group_messages_group_idx').on(t.userId, t.groupId, t.seq)],
);

/** A user's verdict on the answers of one comparison round (which model did best, and why). */
export const chatGroupComments = pgTable(
  'chat_group_comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    groupId: varchar('group_id', { length: 64 }).notNull(),
    messageId: varchar('message_id', { length: 64 }).notNull().default(''),
    model: varchar('model', { length: 64 }).notNull().default(''),
    score: smallint('score').notNull().default(0),
    content: text('content').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_group_comments_group_idx').on(t.userId, t.groupId, t.createdAt)],
);

/**
 * Uploaded chat attachments and imports. Documents keep their extracted text; an image's bytes
 * (at most 5 MB) live in the file store (`file_id`), so any server process can hand them to a
 * vision model. The expiry sweep deletes the row and its stored file together.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** doc | image | audio | video | web */
    kind: varchar('kind', { length: 16 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 128 }).notNull().default(''),
    size: integer('size').notNull().default(0),
    text: text('text').notNull().default(''),
    chars: integer('chars').notNull().default(0),
    data: bytea('data'),
    /** An image's bytes in the file store (files.id); rows from before the store keep theirs in `data` until the move at start (uploads/image-bytes-move.ts) takes them there. */
    fileId: varchar('file_id', { length: 32 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it is gone: set from the owner's membership level at upload (UPLOAD_RETENTION_DAYS); null = kept for good. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.createdAt), index('uploads_expires_idx').on(t.expiresAt)],
);
