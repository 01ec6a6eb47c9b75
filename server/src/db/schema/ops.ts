import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Leases of the jobs that must run once per cluster (payment reconcile, quota reaper): the holder
 * renews its row on each run; another process takes the job over only once `expires_at` has passed
 * (see db/lease.ts). Times are the database's, so instances with skewed clocks agree.
 */
export const jobLeases = pgTable('job_leases', {
  name: varchar('name', { length: 64 }).primaryKey(),
  /** host:pid:random of the process running the job. */
  holder: varchar('holder', { length: 128 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
