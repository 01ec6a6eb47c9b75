import { bigint, index, integer, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { tasks } from './tasks';

/**
 * The drawing square (绘画广场, server/src/modules/img): images a user chose to publish from their own
 * image tasks. A row points at the task and at the one result file shown; the file stays in the file
 * store under its owner, and only a listed row makes it readable by others (through the square's own
 * route). Deleting the creation (the task) takes its published row, likes and reports with it.
 */
export const imgPublishes = pgTable(
  'img_publishes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The task whose first image is shown; one publication per task. */
    taskId: varchar('task_id', { length: 32 })
      .notNull()
      .unique()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    toolId: varchar('tool_id', { length: 64 }).notNull(),
    /** The result file shown (an id of `files`, owned by `userId`). */
    fileId: varchar('file_id', { length: 64 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    /** 1 listed, 4 hidden after reports, 5 taken down by an operator (its author still sees it, with the reason). */
    status: smallint('status').notNull().default(1),
    takedownReason: varchar('takedown_reason', { length: 200 }).notNull().default(''),
    /** When an operator last listed it again: only reports filed after it count towards hiding it once more. */
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    likes: integer('likes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('img_publishes_status_idx').on(t.status, t.id), index('img_publishes_user_idx').on(t.userId)],
);

/** One like per user and published image (toggled). */
export const imgPublishLikes = pgTable(
  'img_publish_likes',
  {
    publishId: bigint('publish_id', { mode: 'number' })
      .notNull()
      .references(() => imgPublishes.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.publishId, t.userId] })],
);

/** One report per user and published image; every report is kept, older accounts' count towards hiding. */
export const imgPublishReports = pgTable(
  'img_publish_reports',
  {
    publishId: bigint('publish_id', { mode: 'number' })
      .notNull()
      .references(() => imgPublishes.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** One of IMG_REPORT_REASONS (contract/src/schemas/img.ts). */
    reason: varchar('reason', { length: 16 }).notNull(),
    detail: varchar('detail', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.publishId, t.userId] })],
);
