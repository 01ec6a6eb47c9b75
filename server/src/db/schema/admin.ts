import { bigint, index, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The operator's audit log (docs/admin.md): one row per admin action, by an admin account, the command line or
 * ADMIN_PHONES at login. Append-only: no code path updates or deletes it, and a trigger of migration 0016 refuses
 * UPDATE, DELETE and TRUNCATE. No foreign key to users, so the record outlives the accounts it names.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** admin | cli | config */
    actorKind: varchar('actor_kind', { length: 8 }).notNull(),
    /** The admin's user id; null for the command line and ADMIN_PHONES. */
    actorId: bigint('actor_id', { mode: 'number' }),
    /** `<area>.<verb>`: user.points, user.ban... */
    action: varchar('action', { length: 48 }).notNull(),
    targetType: varchar('target_type', { length: 32 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull(),
    /** The changed fields before and after the action (null where there is no such state). */
    before: jsonb('before'),
    after: jsonb('after'),
    /** The admin's address ('' for the command line). */
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_action_idx').on(t.action, t.id), index('admin_audit_target_idx').on(t.targetType, t.targetId, t.id)],
);
