import { bigint, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The AI whiteboard's boards (server/src/modules/whiteboard): one row per board, owned by one user
 * and readable by no one else. The scene is Excalidraw's JSON as the page saved it (elements and a
 * few appState fields), kept as text: it is only ever read back whole, and its byte size is capped
 * on save (WHITEBOARD_SCENE_MAX_BYTES).
 */
export const whiteboards = pgTable(
  'whiteboards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    /** '' until the first save. */
    scene: text('scene').notNull().default(''),
    /** UTF-8 bytes of `scene`, for the list and the cap. */
    sceneBytes: integer('scene_bytes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('whiteboards_user_idx').on(t.userId, t.updatedAt)],
);
