import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** SQL of the personal centre: the profile columns and the password hash of one user. */

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** Set the given profile fields (an absent field keeps its value); false when no such user. */
export async function updateProfile(db: Db, userId: number, fields: { nick?: string; avatar?: string }): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`UPDATE users SET
          nick = COALESCE(${fields.nick ?? null}::varchar, nick),
          avatar = COALESCE(${fields.avatar ?? null}::text, avatar),
          updated_at = now()
        WHERE id = ${userId}::bigint RETURNING id`,
  );
  return rows.length === 1;
}

export async function passwordHashOf(db: Db, userId: number): Promise<{ hash: string | null } | null> {
  const [row] = await rowsOf<{ hash: string | null }>(db, sql`SELECT password_hash AS hash FROM users WHERE id = ${userId}::bigint`);
  return row ?? null;
}

/**
 * Replace the hash only if it is still the one the caller checked (null = "had none"), so two
 * concurrent changes cannot both win with different old passwords.
 */
export async function replacePasswordHash(db: Db, userId: number, expected: string | null, next: string): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`UPDATE users SET password_hash = ${next}::text, updated_at = now()
        WHERE id = ${userId}::bigint AND password_hash IS NOT DISTINCT FROM ${expected}::text RETURNING id`,
  );
  return rows.length === 1;
}
