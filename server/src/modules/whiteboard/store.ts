import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { whiteboards } from '../../db/schema';

/**
 * SQL of the whiteboard's boards. Every statement names the owner next to the id, so a board of
 * another user is simply not found (the service answers 404, never "forbidden": no probing ids).
 */

export type BoardRow = typeof whiteboards.$inferSelect;

const summaryColumns = { id: whiteboards.id, title: whiteboards.title, createdAt: whiteboards.createdAt, updatedAt: whiteboards.updatedAt };
export type BoardSummaryRow = Pick<BoardRow, 'id' | 'title' | 'createdAt' | 'updatedAt'>;

const owned = (userId: number, id: number) => and(eq(whiteboards.id, id), eq(whiteboards.userId, userId));

/** The user's boards, last edited first. */
export function listBoards(db: Db, userId: number, limit: number): Promise<BoardSummaryRow[]> {
  return db.select(summaryColumns).from(whiteboards).where(eq(whiteboards.userId, userId)).orderBy(desc(whiteboards.updatedAt), desc(whiteboards.id)).limit(limit);
}

export async function countBoards(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(whiteboards).where(eq(whiteboards.userId, userId));
  return Number(row?.n ?? 0);
}

export async function insertBoard(db: Db, userId: number, title: string): Promise<BoardSummaryRow> {
  const [row] = await db.insert(whiteboards).values({ userId, title }).returning(summaryColumns);
  return row!;
}

export async function findBoard(db: Db, userId: number, id: number): Promise<BoardRow | undefined> {
  const [row] = await db.select().from(whiteboards).where(owned(userId, id)).limit(1);
  return row;
}

export async function renameBoard(db: Db, userId: number, id: number, title: string): Promise<BoardSummaryRow | undefined> {
  const [row] = await db.update(whiteboards).set({ title, updatedAt: sql`now()` }).where(owned(userId, id)).returning(summaryColumns);
  return row;
}

export async function saveScene(db: Db, userId: number, id: number, scene: string, bytes: number): Promise<BoardSummaryRow | undefined> {
  const [row] = await db
    .update(whiteboards)
    .set({ scene, sceneBytes: bytes, updatedAt: sql`now()` })
    .where(owned(userId, id))
    .returning(summaryColumns);
  return row;
}

export async function deleteBoard(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(whiteboards).where(owned(userId, id)).returning({ id: whiteboards.id });
  return rows.length > 0;
}
