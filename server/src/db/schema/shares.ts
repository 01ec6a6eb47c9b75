import { bigint, index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Read-only share links of a chat conversation or a battle (docs/api.md "Share and export"). The token is 32 random
 * bytes in base64url, so a link cannot be guessed; the page /s/{token} reads the target's messages through the
 * owner's id kept here, and a revoke (or a deleted conversation) makes the page answer 404.
 */
export const shares = pgTable(
  'shares',
  {
    token: varchar('token', { length: 64 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** chat (conversations) | battle (chat_groups). */
    kind: varchar('kind', { length: 16 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('shares_user_target_idx').on(t.userId, t.kind, t.targetId)],
);
