import { bigint, index, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Members' keys for our OpenAI-compatible API (docs/openai-api.md). Only the SHA-256 of a key is kept, so a leaked
 * database cannot be replayed against /v1; `hint` (`wx-abcd…wxyz`) is what the console lists. A revoke sets
 * `revoked_at` (the row stays, so a revoked key answers 401 rather than looking unknown in the logs).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    /** sha256 hex of the whole key. */
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    hint: varchar('hint', { length: 16 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key (server/src/modules/api-keys/service.ts). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.keyHash), index('api_keys_user_idx').on(t.userId, t.id)],
);
