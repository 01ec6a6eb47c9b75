import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Long work (task tools, slide files): the task engine's queue (server/src/jobs). The row is the
 * truth: its state moves queued -> running -> succeeded | failed | canceled, and the move into a
 * terminal state is one conditional update whose winner alone settles or refunds `hold`.
 */
export const tasks = pgTable(
  'tasks',
  {
    /** Public id (random; never the vendor's task id). */
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The handler's name: a task tool's id, or an internal kind such as a slide-file build. */
    toolId: varchar('tool_id', { length: 64 }).notNull(),
    /** queued | running | succeeded | failed | canceled */
    state: varchar('state', { length: 10 }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    stage: text('stage').notNull().default(''),
    inputs: jsonb('inputs').notNull().default(sql`'{}'::jsonb`),
    /** Private: vendor task id, raw answers; never sent to the browser. */
    vendor: jsonb('vendor'),
    /** The result (file ids and their public facts) once succeeded. */
    result: jsonb('result'),
    error: text('error'),
    /** How many times a worker claimed it (a lease that expired counts too). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    /** The quota hold taken at acceptance (a Reservation), or null when nothing was held. */
    hold: jsonb('hold'),
    /** The worker running it (host:pid:random) and until when its claim holds. */
    leaseOwner: varchar('lease_owner', { length: 128 }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Not claimed before this time (backoff after a lost lease). */
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** Past this the timeout sweep fails it (with refund). */
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** First claim (the queue wait is started_at - created_at). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('tasks_claim_idx').on(t.state, t.runAfter),
    index('tasks_user_tool_idx').on(t.userId, t.toolId, t.createdAt),
    index('tasks_created_idx').on(t.createdAt),
    index('tasks_live_deadline_idx').on(t.deadline).where(sql`state IN ('queued', 'running')`),
  ],
);
