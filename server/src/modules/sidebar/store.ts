import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** The caller's vipgrade; 0 when the user row is gone. */
export async function selectVipgrade(db: Pick<Db, 'select'>, userId: number): Promise<number> {
  const rows = await db.select({ vipgrade: users.vipgrade }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.vipgrade ?? 0;
}
