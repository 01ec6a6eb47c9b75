import { bigint, index, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Cloned voices (声音克隆, issue 15; server/src/modules/voice): one row per voice a user made from
 * their own sample, readable by no one else. `vendor` is who holds the voice ('demo' = espeak-ng
 * with pitch and speed taken from the sample, 'minimax' = a MiniMax voice id); deleting the row
 * deletes the vendor's copy first.
 */
export const voiceClones = pgTable(
  'voice_clones',
  {
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    vendor: varchar('vendor', { length: 16 }).notNull(),
    vendorVoiceId: varchar('vendor_voice_id', { length: 128 }).notNull(),
    /** The demo voice's settings derived from the sample: {pitch (semitones), speed, base ('demo-male'|'demo-female')}. */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** The task that made it (its preview is that task's result). */
    taskId: varchar('task_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('voice_clones_user_idx').on(t.userId, t.createdAt)],
);
