import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Tables of the search family, custom providers and models, agents and slides
 * (docs/product/search.md §3). Each area owns its tables; this file only holds their shapes.
 */

/**
 * A user's third-party model provider (4.6, 7.4 company.*). The API key is stored encrypted
 * (AES-256-GCM, `api_key_enc`), never returned in full: `key_hint` is what the page shows.
 */
export const serviceProviders = pgTable(
  'service_providers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    company: varchar('company', { length: 64 }).notNull(),
    apiUrl: text('api_url').notNull(),
    apiKeyEnc: text('api_key_enc').notNull(),
    keyHint: varchar('key_hint', { length: 32 }).notNull().default(''),
    /** 1 on, 0 off. */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('service_providers_user_company_idx').on(t.userId, t.company)],
);

/** A model served by one of the user's providers: model_id upstream, namespace = the alias shown. */
export const serviceModels = pgTable(
  'service_models',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => serviceProviders.id, { onDelete: 'cascade' }),
    modelId: varchar('model_id', { length: 128 }).notNull(),
    namespace: varchar('namespace', { length: 64 }).notNull(),
    /** Subset of llm, vision, tools. */
    functions: jsonb('functions').$type<string[]>().notNull().default([]),
    status: smallint('status').notNull().default(1),
    consumePoints: integer('consume_points').notNull().default(0),
    onlyPoints: boolean('only_points').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('service_models_user_idx').on(t.userId, t.companyId)],
);

/**
 * A shared custom model card (chat2 getModels family): a public description of a provider model
 * set-up others can like, comment on, report and add to their own list. Never carries a key.
 * status: 1 listed, 0 hidden by its author, 4 hidden after reports, 5 taken down by an operator.
 */
export const sharedModels = pgTable(
  'shared_models',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    icon: text('icon').notNull().default(''),
    /** Provider base URL (public information) and upstream model id. */
    apiUrl: text('api_url').notNull(),
    modelId: varchar('model_id', { length: 128 }).notNull(),
    functions: jsonb('functions').$type<string[]>().notNull().default([]),
    status: smallint('status').notNull().default(1),
    /** Why an operator took the card off 模型广场 (status 5); shown to its author only. */
    takedownReason: varchar('takedown_reason', { length: 200 }).notNull().default(''),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    adds: integer('adds').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shared_models_status_idx').on(t.status, t.createdAt), index('shared_models_user_idx').on(t.userId)],
);

export const sharedModelLikes = pgTable(
  'shared_model_likes',
  {
    modelId: bigint('model_id', { mode: 'number' })
      .notNull()
      .references(() => sharedModels.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.userId] })],
);

export const sharedModelComments = pgTable(
  'shared_model_comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    modelId: bigint('model_id', { mode: 'number' })
      .notNull()
      .references(() => sharedModels.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shared_model_comments_model_idx').on(t.modelId, t.createdAt)],
);

export const sharedModelReports = pgTable(
  'shared_model_reports',
  {
    modelId: bigint('model_id', { mode: 'number' })
      .notNull()
      .references(() => sharedModels.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    /** Moderation (admin console): 0 open, 1 dismissed, 2 the card was taken down. Only open reports hide a card. */
    status: smallint('status').notNull().default(0),
    handledBy: bigint('handled_by', { mode: 'number' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.modelId, t.userId] }), index('shared_model_reports_status_idx').on(t.status, t.createdAt)],
);

/**
 * A user-created agent (7.3 /v2/chat/agent/*): sn is its public identifier. Public agents are
 * listed in `publics` for everyone once status is 1.
 */
export const userAgents = pgTable(
  'user_agents',
  {
    sn: varchar('sn', { length: 32 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    icon: text('icon').notNull().default(''),
    classify: varchar('classify', { length: 32 }).notNull().default(''),
    prompt: text('prompt').notNull().default(''),
    /** Catalog model key the agent answers with. */
    model: varchar('model', { length: 64 }).notNull(),
    /** Opening suggestions shown in an empty agent chat. */
    suggestions: jsonb('suggestions').$type<string[]>().notNull().default([]),
    /** Names of the built-in tools (AGENT_TOOLS) the agent runs before answering. */
    tools: jsonb('tools').$type<string[]>().notNull().default([]),
    isPublic: boolean('is_public').notNull().default(false),
    status: smallint('status').notNull().default(1),
    uses: integer('uses').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_agents_user_idx').on(t.userId, t.createdAt), index('user_agents_public_idx').on(t.isPublic, t.status, t.createdAt)],
);

/** Agent chat records (add_records, records_lists, records_details, delete_records): one row per conversation. */
export const agentRecords = pgTable(
  'agent_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** System agent id or user agent sn. */
    agentId: varchar('agent_id', { length: 64 }).notNull(),
    conversationId: varchar('conversation_id', { length: 64 }).notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    /** [{ role, content, createdAt }] in order. */
    messages: jsonb('messages').$type<{ role: 'user' | 'assistant' | 'tool'; content: string; createdAt?: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agent_records_conv_idx').on(t.userId, t.conversationId), index('agent_records_user_idx').on(t.userId, t.updatedAt)],
);

export const agentCollects = pgTable(
  'agent_collects',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    sn: varchar('sn', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sn] })],
);

/**
 * A presentation build from before the task engine (createNewPPT -> task -> download), read only
 * now. status: 0 queued, 1 building, 2 done (file_path set), 3 failed.
 */
export const pptTasks = pgTable(
  'ppt_tasks',
  {
    taskId: varchar('task_id', { length: 40 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    templateId: varchar('template_id', { length: 32 }).notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    content: text('content').notNull(),
    status: smallint('status').notNull().default(0),
    /** The built .pptx under DATA_DIR/ppt. New builds are `slides:file` tasks whose file is in the file store (the task's result). */
    filePath: text('file_path'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ppt_tasks_user_idx').on(t.userId, t.createdAt)],
);
