import { bigint, index, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * Runs of the prompt tools (server/src/modules/tools): the form a user sent and the answer paid
 * for, per tool, listed newest first in the tool's history and exported as md or docx. A run is
 * saved only when it was paid (the streaming engine's one rule); unpaid attempts leave no row.
 */
export const toolRuns = pgTable(
  'tool_runs',
  {
    /** The run id: the stream's meta.messageId and the exports' content id. */
    id: uuid('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    toolId: varchar('tool_id', { length: 64 }).notNull(),
    /** The validated form values (defaults filled), as the run used them. */
    inputs: jsonb('inputs').$type<Record<string, string | number | boolean>>().notNull(),
    /** Catalog key of the model that answered. */
    model: varchar('model', { length: 64 }).notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tool_runs_user_tool_idx').on(t.userId, t.toolId, t.createdAt), index('tool_runs_created_idx').on(t.createdAt)],
);
