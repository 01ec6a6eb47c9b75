import {
  ADMIN_MONEY_MSG as M,
  type AdminCardBatchCreate,
  type AdminCardBatchCreated,
  type AdminCardBatchItem,
  type AdminCardBatchList,
  type AdminCardItem,
  type AdminCardList,
  type AdminCardListQuery,
  type CardState,
} from '@wanxiang/contract';
import { notFound, refused } from '../../http/errors';
import { writeAudit, type AuditActor } from '../admin/audit';
import { issueCards, newCardCode } from '../shop/cards';
import { findItem, loadShopCatalog } from '../shop/catalog';
import { csvLine } from './csv';
import type { MoneyContext } from './orders';
import { insertBatch, markVoided, selectBatch, selectBatchCards, selectBatchPage, selectCard, selectCardPage, type BatchRow, type MoneyCardRow } from './cards-store';

/**
 * Membership cards from the console (POST/GET /api/admin/cards/...): batches issued through the shop's own issueCards
 * (the code alphabet and the grant path of activation are the shop's), listed with their use, exported as CSV, and
 * unused cards voided. Issue and void are audited in their transaction.
 */
type AdminActor = Extract<AuditActor, { kind: 'admin' }>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function shopNameOf(ctx: MoneyContext, shopId: number): string {
  return findItem(loadShopCatalog(ctx.config.catalogDir), shopId)?.shop_name ?? '';
}

function toBatch(ctx: MoneyContext, r: BatchRow): AdminCardBatchItem {
  return {
    batch: r.batch,
    shopId: Number(r.shop_id),
    shopName: shopNameOf(ctx, Number(r.shop_id)),
    count: Number(r.count),
    used: Number(r.used),
    voided: Number(r.voided),
    note: r.note ?? '',
    createdBy: r.created_by === null ? null : Number(r.created_by),
    createdAt: iso(r.created_at)!,
  };
}

export function cardState(r: MoneyCardRow, at: Date): CardState {
  if (r.voided_at) return 'voided';
  if (r.used_by !== null) return 'used';
  if (r.expires_at && new Date(r.expires_at).getTime() <= at.getTime()) return 'expired';
  return 'unused';
}

function toCard(r: MoneyCardRow, at: Date): AdminCardItem {
  return {
    code: r.code,
    batch: r.batch,
    shopId: Number(r.shop_id),
    state: cardState(r, at),
    expiresAt: iso(r.expires_at),
    usedBy: r.used_by === null ? null : Number(r.used_by),
    usedAt: iso(r.used_at),
    voidedAt: iso(r.voided_at),
    createdAt: iso(r.created_at)!,
  };
}

/** A batch name nobody typed: W (web console), the business day, six random card letters. */
function newBatchName(at: Date, tz: string): string {
  const day = at.toLocaleDateString('sv-SE', { timeZone: tz }).replace(/-/g, '');
  return `W${day}-${newCardCode().slice(0, 6)}`;
}

export async function issueBatch(ctx: MoneyContext, actor: AdminActor, req: AdminCardBatchCreate, at: Date = new Date()): Promise<AdminCardBatchCreated> {
  const item = findItem(loadShopCatalog(ctx.config.catalogDir), req.shopId);
  if (!item) throw refused(M.moneyCardShopUnknown);
  const batch = newBatchName(at, ctx.config.tzBusiness);
  const codes = await ctx.database.db.transaction(async (tx) => {
    await insertBatch(tx, { batch, shopId: req.shopId, count: req.count, note: req.note, createdBy: actor.id });
    const issued = await issueCards(tx, { shopId: req.shopId, count: req.count, batch, daysValid: req.daysValid ?? undefined, catalogDir: ctx.config.catalogDir, at });
    await writeAudit(
      ctx,
      {
        actor,
        action: 'money.cards_issue',
        target: { type: 'card_batch', id: batch },
        before: null,
        // Codes stay out of the log: they are bearer secrets until used (the batch export holds them).
        after: { batch, shopId: req.shopId, shopName: item.shop_name, count: issued.length, daysValid: req.daysValid ?? null, note: req.note },
      },
      tx,
    );
    return issued;
  });
  const row = await selectBatch(ctx.database.db, batch);
  return { batch: toBatch(ctx, row!), codes };
}

export async function listBatches(ctx: MoneyContext, q: { page: number; size: number }): Promise<AdminCardBatchList> {
  const { list, total } = await selectBatchPage(ctx.database.db, q.size, (q.page - 1) * q.size);
  return { list: list.map((r) => toBatch(ctx, r)), total, page: q.page, size: q.size };
}

export async function listCards(ctx: MoneyContext, q: AdminCardListQuery, at: Date = new Date()): Promise<AdminCardList> {
  const { list, total } = await selectCardPage(ctx.database.db, q, at, q.size, (q.page - 1) * q.size);
  return { list: list.map((r) => toCard(r, at)), total, page: q.page, size: q.size };
}

/** GET /api/admin/cards/batches/:batch/cards.csv: every card of the batch with its state (BOM, Chinese headers). */
export async function batchCsv(ctx: MoneyContext, batch: string, at: Date = new Date()): Promise<string> {
  const cards = await selectBatchCards(ctx.database.db, batch);
  if (cards.length === 0) throw notFound(M.moneyCardBatchNotFound);
  const tz = ctx.config.tzBusiness;
  const time = (d: Date | string | null) => (d === null ? '' : new Date(d).toLocaleString('sv-SE', { timeZone: tz, hour12: false }));
  let out = `\uFEFF${csvLine(M.moneyCardCsvHeaders)}`;
  for (const c of cards) {
    out += csvLine([
      c.code,
      c.batch,
      String(c.shop_id),
      shopNameOf(ctx, Number(c.shop_id)),
      M.moneyCardStateNames[cardState(c, at)] ?? '',
      time(c.expires_at),
      c.used_by === null ? '' : String(c.used_by),
      time(c.used_at),
      time(c.created_at),
    ]);
  }
  return out;
}

/** POST /api/admin/cards/:code/void: only an unused card (an expired one too, so it reads as voided in the export). */
export async function voidCard(ctx: MoneyContext, actor: AdminActor, rawCode: string, at: Date = new Date()): Promise<AdminCardItem> {
  const code = rawCode.toUpperCase();
  const row = await ctx.database.db.transaction(async (tx) => {
    const voided = await markVoided(tx, code, at);
    if (!voided) {
      const card = await selectCard(tx, code);
      if (!card) throw notFound(M.moneyCardNotFound);
      if (card.voided_at) throw refused(M.moneyCardAlreadyVoided);
      throw refused(M.moneyCardUsedNoVoid);
    }
    await writeAudit(
      ctx,
      { actor, action: 'money.card_void', target: { type: 'card', id: code }, before: { state: cardState({ ...voided, voided_at: null }, at) }, after: { state: 'voided', batch: voided.batch } },
      tx,
    );
    return voided;
  });
  return toCard(row, at);
}
