import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serviceModels, serviceProviders } from '../../db/schema';

/**
 * SQL of custom providers and models. Every statement carries `user_id = caller` in its WHERE:
 * a row of another user is simply not found, never read or changed.
 */

export type ProviderRow = typeof serviceProviders.$inferSelect;
export type ModelRow = typeof serviceModels.$inferSelect;

export function listProviders(db: Db, userId: number): Promise<ProviderRow[]> {
  return db.select().from(serviceProviders).where(eq(serviceProviders.userId, userId)).orderBy(asc(serviceProviders.id));
}

export async function providerByCompany(db: Db, userId: number, company: string): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(serviceProviders)
    .where(and(eq(serviceProviders.userId, userId), eq(serviceProviders.company, company)))
    .limit(1);
  return row;
}

export async function providerById(db: Db, userId: number, id: number): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(serviceProviders)
    .where(and(eq(serviceProviders.userId, userId), eq(serviceProviders.id, id)))
    .limit(1);
  return row;
}

/** Insert; undefined when the user already has a provider of that name (unique index). */
export async function insertProvider(db: Db, row: typeof serviceProviders.$inferInsert): Promise<ProviderRow | undefined> {
  const [out] = await db.insert(serviceProviders).values(row).onConflictDoNothing().returning();
  return out;
}

export async function updateProvider(
  db: Db,
  userId: number,
  id: number,
  patch: Partial<Pick<ProviderRow, 'company' | 'apiUrl' | 'apiKeyEnc' | 'keyHint' | 'status'>>,
): Promise<ProviderRow | undefined> {
  const [out] = await db
    .update(serviceProviders)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(serviceProviders.userId, userId), eq(serviceProviders.id, id)))
    .returning();
  return out;
}

export function modelsOfProvider(db: Db, userId: number, companyId: number): Promise<ModelRow[]> {
  return db
    .select()
    .from(serviceModels)
    .where(and(eq(serviceModels.userId, userId), eq(serviceModels.companyId, companyId)))
    .orderBy(asc(serviceModels.id));
}

export async function countModels(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(serviceModels).where(eq(serviceModels.userId, userId));
  return Number(row?.n ?? 0);
}

export async function modelById(db: Db, userId: number, id: number): Promise<ModelRow | undefined> {
  const [row] = await db
    .select()
    .from(serviceModels)
    .where(and(eq(serviceModels.userId, userId), eq(serviceModels.id, id)))
    .limit(1);
  return row;
}

/** The user's enabled models of enabled providers, with their provider. */
export function enabledModels(db: Db, userId: number): Promise<{ model: ModelRow; provider: ProviderRow }[]> {
  return db
    .select({ model: serviceModels, provider: serviceProviders })
    .from(serviceModels)
    .innerJoin(serviceProviders, eq(serviceProviders.id, serviceModels.companyId))
    .where(and(eq(serviceModels.userId, userId), eq(serviceModels.status, 1), eq(serviceProviders.status, 1)))
    .orderBy(asc(serviceModels.id));
}

export async function insertModel(db: Db, row: typeof serviceModels.$inferInsert): Promise<ModelRow> {
  const [out] = await db.insert(serviceModels).values(row).returning();
  return out!;
}

export async function updateModel(
  db: Db,
  userId: number,
  id: number,
  patch: Partial<Pick<ModelRow, 'modelId' | 'namespace' | 'functions' | 'status' | 'consumePoints' | 'onlyPoints'>>,
): Promise<ModelRow | undefined> {
  const [out] = await db
    .update(serviceModels)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(serviceModels.userId, userId), eq(serviceModels.id, id)))
    .returning();
  return out;
}

export async function deleteModel(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(serviceModels)
    .where(and(eq(serviceModels.userId, userId), eq(serviceModels.id, id)))
    .returning({ id: serviceModels.id });
  return rows.length > 0;
}
