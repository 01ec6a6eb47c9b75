import { sql, type SQL } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql';
import type { DayCount } from './days';
import type { KeyCount } from './ranks';

/**
 * SQL of the dashboard: read-only counts over users, auth_tokens, messages, tasks, tool_runs and shop_orders, grouped
 * by business day. Every query takes a coarse instant bound first (`since`, a little before the first day, so the
 * time indexes can help) and, where a total must be exact, the first day of the period as a day string.
 */

export interface Period {
  /** TZ_BUSINESS: the zone the days are counted in. */
  tz: string;
  /** Rows older than this are never read (at least a day before `firstDay` began). */
  since: Date;
  /** First day of the series, 'YYYY-MM-DD'. */
  firstDay: string;
  /** Today, 'YYYY-MM-DD' (the window ends the day before). */
  today: string;
}

/** The business day of a timestamp column (a fixed column name, never user input). */
const dayOf = (column: string, p: Period): SQL => sql`to_char(${sql.raw(column)} AT TIME ZONE ${p.tz}::text, 'YYYY-MM-DD')`;
const sinceOf = (p: Period): SQL => sql`${p.since.toISOString()}::timestamptz`;

// ---- Query: per-day counts

/** Accounts made per day. */
export function newUsersPerDay(db: Executor, p: Period): Promise<DayCount[]> {
  return rows<DayCount>(db, sql`SELECT ${dayOf('created_at', p)} AS day, count(*)::int AS n
    FROM users WHERE created_at >= ${sinceOf(p)} GROUP BY 1`);
}

/** Questions asked in chats per day (the user's messages; deleted conversations took theirs with them). */
export function chatsPerDay(db: Executor, p: Period): Promise<DayCount[]> {
  return rows<DayCount>(db, sql`SELECT ${dayOf('created_at', p)} AS day, count(*)::int AS n
    FROM messages WHERE role = 'user' AND created_at >= ${sinceOf(p)} GROUP BY 1`);
}

/** Task-engine tasks submitted plus prompt-tool runs saved, per day. */
export function toolRunsPerDay(db: Executor, p: Period): Promise<DayCount[]> {
  return rows<DayCount>(db, sql`SELECT ${dayOf('at', p)} AS day, count(*)::int AS n FROM (
      SELECT created_at AS at FROM tasks WHERE created_at >= ${sinceOf(p)}
      UNION ALL SELECT created_at AS at FROM tool_runs WHERE created_at >= ${sinceOf(p)}
    ) r GROUP BY 1`);
}

/** Chat replies saved as failed (by when they were written) plus tasks that failed (by when they ended), per day. */
export function vendorErrorsPerDay(db: Executor, p: Period): Promise<DayCount[]> {
  return rows<DayCount>(db, sql`SELECT ${dayOf('at', p)} AS day, count(*)::int AS n FROM (
      SELECT created_at AS at FROM messages WHERE role = 'assistant' AND state = 'error' AND created_at >= ${sinceOf(p)}
      UNION ALL SELECT coalesce(finished_at, updated_at) AS at FROM tasks
        WHERE state = 'failed' AND coalesce(finished_at, updated_at) >= ${sinceOf(p)}
    ) e GROUP BY 1`);
}

export interface OrderDay {
  day: string;
  orders: number;
  payers: number;
  cents: number;
}

/** Paid shop orders per day of payment: how many, by how many accounts, and their amount in cents. */
export function paidOrdersPerDay(db: Executor, p: Period): Promise<OrderDay[]> {
  return rows<OrderDay>(db, sql`SELECT ${dayOf('paid_at', p)} AS day, count(*)::int AS orders,
      count(DISTINCT user_id)::int AS payers, coalesce(sum(amount_cents), 0)::bigint AS cents
    FROM shop_orders WHERE status = 'paid' AND paid_at >= ${sinceOf(p)} GROUP BY 1`);
}

/**
 * (account, day) of every sign of use: a login (a session made), a chat question, a task, a prompt-tool run. The
 * admin console's own calls are not among them: an operator browsing does not make users active.
 */
function activity(p: Period): SQL {
  return sql`SELECT user_id, ${dayOf('created_at', p)} AS day FROM auth_tokens WHERE created_at >= ${sinceOf(p)}
    UNION ALL SELECT user_id, ${dayOf('created_at', p)} FROM messages WHERE role = 'user' AND created_at >= ${sinceOf(p)}
    UNION ALL SELECT user_id, ${dayOf('created_at', p)} FROM tasks WHERE created_at >= ${sinceOf(p)}
    UNION ALL SELECT user_id, ${dayOf('created_at', p)} FROM tool_runs WHERE created_at >= ${sinceOf(p)}`;
}

/** Distinct active accounts per day. */
export function activeUsersPerDay(db: Executor, p: Period): Promise<DayCount[]> {
  return rows<DayCount>(db, sql`SELECT day, count(DISTINCT user_id)::int AS n FROM (${activity(p)}) a GROUP BY day`);
}

// ---- Query: distinct accounts over the window (the days before today)

export async function activeUsersInWindow(db: Executor, p: Period): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`SELECT count(DISTINCT user_id)::int AS n FROM (${activity(p)}) a
    WHERE day >= ${p.firstDay}::text AND day < ${p.today}::text`);
  return Number(r?.n ?? 0);
}

export async function payingUsersInWindow(db: Executor, p: Period): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`SELECT count(DISTINCT user_id)::int AS n FROM shop_orders
    WHERE status = 'paid' AND paid_at >= ${sinceOf(p)}
      AND ${dayOf('paid_at', p)} >= ${p.firstDay}::text AND ${dayOf('paid_at', p)} < ${p.today}::text`);
  return Number(r?.n ?? 0);
}

export async function countUsers(db: Executor): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users`);
  return Number(r?.n ?? 0);
}

// ---- Query: rankings over the whole series (window and today)

/** Successful chat replies per model. */
export function repliesByModel(db: Executor, p: Period, limit: number): Promise<KeyCount[]> {
  return rows<KeyCount>(db, sql`SELECT model AS key, count(*)::int AS n FROM messages
    WHERE role = 'assistant' AND state = 'ok' AND created_at >= ${sinceOf(p)} AND ${dayOf('created_at', p)} >= ${p.firstDay}::text
    GROUP BY model ORDER BY n DESC, model LIMIT ${limit}`);
}

/** Tasks submitted and prompt-tool runs per tool id. */
export function runsByTool(db: Executor, p: Period, limit: number): Promise<KeyCount[]> {
  return rows<KeyCount>(db, sql`SELECT tool_id AS key, count(*)::int AS n FROM (
      SELECT tool_id, created_at FROM tasks WHERE created_at >= ${sinceOf(p)}
      UNION ALL SELECT tool_id, created_at FROM tool_runs WHERE created_at >= ${sinceOf(p)}
    ) r WHERE ${dayOf('created_at', p)} >= ${p.firstDay}::text
    GROUP BY tool_id ORDER BY n DESC, tool_id LIMIT ${limit}`);
}

/** Failed chat replies per model (every model: the vendor sums need them all; models are a few hundred at most). */
export function failedRepliesByModel(db: Executor, p: Period): Promise<KeyCount[]> {
  return rows<KeyCount>(db, sql`SELECT model AS key, count(*)::int AS n FROM messages
    WHERE role = 'assistant' AND state = 'error' AND created_at >= ${sinceOf(p)} AND ${dayOf('created_at', p)} >= ${p.firstDay}::text
    GROUP BY model`);
}

/** Failed tasks per tool id, by when they ended. */
export function failedTasksByTool(db: Executor, p: Period, limit: number): Promise<KeyCount[]> {
  return rows<KeyCount>(db, sql`SELECT tool_id AS key, count(*)::int AS n FROM tasks
    WHERE state = 'failed' AND coalesce(finished_at, updated_at) >= ${sinceOf(p)}
      AND ${dayOf('coalesce(finished_at, updated_at)', p)} >= ${p.firstDay}::text
    GROUP BY tool_id ORDER BY n DESC, tool_id LIMIT ${limit}`);
}
