import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { voiceClones } from '../../db/schema';

/**
 * SQL of the users' cloned voices. Every statement names the owner next to the id, so another
 * user's clone is simply not found (404, never "forbidden": no probing ids).
 */

export type CloneRow = typeof voiceClones.$inferSelect;

/** Our id of a clone; the voice picker's value is `clone:<id>`. */
export const newCloneId = () => `vc${randomBytes(9).toString('hex')}`;
export const CLONE_PREFIX = 'clone:';
export const cloneVoiceValue = (id: string) => `${CLONE_PREFIX}${id}`;

const owned = (userId: number, id: string) => and(eq(voiceClones.id, id), eq(voiceClones.userId, userId));

export function listClones(db: Db, userId: number): Promise<CloneRow[]> {
  return db.select().from(voiceClones).where(eq(voiceClones.userId, userId)).orderBy(desc(voiceClones.createdAt), desc(voiceClones.id)).limit(200);
}

export async function countClones(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(voiceClones).where(eq(voiceClones.userId, userId));
  return Number(row?.n ?? 0);
}

export async function findClone(db: Db, userId: number, id: string): Promise<CloneRow | undefined> {
  const [row] = await db.select().from(voiceClones).where(owned(userId, id)).limit(1);
  return row;
}

export async function insertClone(db: Db, row: typeof voiceClones.$inferInsert): Promise<CloneRow> {
  const [out] = await db.insert(voiceClones).values(row).returning();
  return out!;
}

export async function renameClone(db: Db, userId: number, id: string, name: string): Promise<CloneRow | undefined> {
  const [row] = await db.update(voiceClones).set({ name }).where(owned(userId, id)).returning();
  return row;
}

export async function deleteCloneRow(db: Db, userId: number, id: string): Promise<boolean> {
  const rows = await db.delete(voiceClones).where(owned(userId, id)).returning({ id: voiceClones.id });
  return rows.length > 0;
}
