import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsCodes } from '../../db/schema';

/** SQL of SMS codes. The rows are also the counters of the send limits, so limits hold across processes. */
export type SmsCodeRow = typeof smsCodes.$inferSelect;

export interface PhoneSendCounts {
  lastMinute: number;
  lastHour: number;
  today: number;
}

/**
 * Serialize sends to one phone until the transaction ends, so two concurrent requests cannot
 * both pass the "1 per 60 s" check (check-then-insert under a lock, not a race).
 */
export async function lockPhone(tx: Db, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
}

export async function countPhoneSends(tx: Db, phone: string, since: { minute: Date; hour: Date; day: Date }): Promise<PhoneSendCounts> {
  const from = since.hour < since.day ? since.hour : since.day;
  const [row] = await tx
    .select({
      lastMinute: sql<number>`count(*) filter (where ${smsCodes.createdAt} > ${since.minute.toISOString()}::timestamptz)`.mapWith(Number),
      lastHour: sql<number>`count(*) filter (where ${smsCodes.createdAt} > ${since.hour.toISOString()}::timestamptz)`.mapWith(Number),
      today: sql<number>`count(*) filter (where ${smsCodes.createdAt} >= ${since.day.toISOString()}::timestamptz)`.mapWith(Number),
    })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, from)));
  return row ?? { lastMinute: 0, lastHour: 0, today: 0 };
}

export async function countIpSends(tx: Db, ip: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(smsCodes)
    .where(and(eq(smsCodes.ip, ip), gte(smsCodes.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertSmsCode(
  tx: Db,
  v: { phone: string; purpose: string; codeHash: string; ip: string; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await tx.insert(smsCodes).values(v).returning({ id: smsCodes.id });
  if (!row) throw new Error('insert sms_codes returned no row');
  return row.id;
}

/** Remove a code whose delivery failed, so it neither works nor counts against the limits. */
export async function deleteSmsCode(db: Db, phone: string, id: number): Promise<void> {
  await db.delete(smsCodes).where(and(eq(smsCodes.phone, phone), eq(smsCodes.id, id)));
}

/** The newest code sent to a phone for a purpose; a newer code replaces older ones. */
export async function latestSmsCode(db: Db, phone: string, purpose: string): Promise<SmsCodeRow | null> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  return row ?? null;
}

/** Count one try, atomically and only while tries remain; the new count, or null when none remained. */
export async function countSmsTry(db: Db, phone: string, id: number, maxTries: number): Promise<number | null> {
  const [row] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.id, id), isNull(smsCodes.consumedAt), lt(smsCodes.attempts, maxTries)))
    .returning({ attempts: smsCodes.attempts });
  return row?.attempts ?? null;
}

/** Mark a code used; false when another request used it first. */
export async function consumeSmsCode(db: Db, phone: string, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ consumedAt: at })
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  return rows.length > 0;
}
