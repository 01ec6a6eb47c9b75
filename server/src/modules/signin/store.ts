import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/sql';

/** SQL of the sign-in: one row per user and business day (unique), the streak stored on it. */

export interface SigninRow {
  day: string;
  streak: number;
  reward: string;
}

/**
 * Sign `day` once: the streak is yesterday's + 1 when yesterday was signed in the same week,
 * else 1, computed in the same statement. ON CONFLICT on (user_id, day) makes racing callers
 * wait for the first one and then insert nothing: answers null when the day was already signed.
 */
export async function insertSignin(
  db: Executor,
  s: { userId: number; day: string; yesterday: string; weekStart: string },
): Promise<{ id: number; streak: number } | null> {
  const out = await rows<{ id: number; streak: number }>(
    db,
    sql`INSERT INTO signins (user_id, day, week_start, streak)
      SELECT ${s.userId}::bigint, ${s.day}::varchar, ${s.weekStart}::varchar,
        LEAST(7, 1 + coalesce((SELECT streak FROM signins WHERE user_id = ${s.userId}::bigint
          AND day = ${s.yesterday}::varchar AND week_start = ${s.weekStart}::varchar), 0))
      ON CONFLICT (user_id, day) DO NOTHING
      RETURNING id, streak`,
  );
  const r = out[0];
  return r ? { id: Number(r.id), streak: Number(r.streak) } : null;
}

export async function updateSigninReward(db: Executor, id: number, reward: string): Promise<void> {
  await db.execute(sql`UPDATE signins SET reward = ${reward} WHERE id = ${id}::bigint`);
}

/** The user's rows on these days (today and yesterday are enough for the strip). */
export async function selectSignins(db: Executor, userId: number, days: string[]): Promise<SigninRow[]> {
  if (days.length === 0) return [];
  const out = await rows<{ day: string; streak: number; reward: string }>(
    db,
    sql`SELECT day, streak, reward FROM signins WHERE user_id = ${userId}::bigint
      AND day IN (${sql.join(
        days.map((d) => sql`${d}::varchar`),
        sql`, `,
      )})`,
  );
  return out.map((r) => ({ day: r.day, streak: Number(r.streak), reward: r.reward }));
}
