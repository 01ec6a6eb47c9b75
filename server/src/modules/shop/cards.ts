import { randomInt } from 'node:crypto';
import { ADMIN_MONEY_MSG, Code, MSG, type CardActivated } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import { refused } from '../../http/errors';
import { findUserById } from '../auth/store';
import { vipTimeOf } from '../auth/user-info';
import { forgetUserSessions } from '../auth/service';
import type { Db } from '../../db/client';
import { selectSavedContent } from '../../catalog/documents/store';
import { findItem, loadShopCatalog, parseShopCatalog, shopCatalogOf } from './catalog';
import { applyGrant, effectiveVip } from './membership';
import { claimCard, findCard, insertCards, listCards, type CardRow } from './store';

/**
 * Membership cards (卡密): an operator issues codes for a shop item from the CLI; a user activates
 * one once (cardActive) and gets that item's grant through the same path as a payment.
 */
/** No 0/O/1/I: codes are typed by hand. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newCardCode(): string {
  let s = '';
  for (let i = 0; i < 16; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

export interface IssueCards {
  shopId: number;
  count: number;
  batch: string;
  /** Days the codes may be activated in; undefined = no limit. */
  daysValid?: number;
  catalogDir?: string;
  at?: Date;
}

export async function issueCards(db: Db, o: IssueCards): Promise<string[]> {
  // The command line has no app context: the shop saved in the console wins over the file, as on the server.
  const saved = await selectSavedContent(db, 'shop');
  const item = findItem(saved === undefined ? loadShopCatalog(o.catalogDir) : parseShopCatalog(saved, 'shop (console)'), o.shopId);
  if (!item) throw new Error(`shop item ${o.shopId} not found in shop.json`);
  if (!Number.isSafeInteger(o.count) || o.count < 1 || o.count > 10_000) throw new Error('count must be 1..10000');
  const at = o.at ?? new Date();
  const expiresAt = o.daysValid ? new Date(at.getTime() + o.daysValid * 86_400_000) : null;
  const codes = Array.from({ length: o.count }, newCardCode);
  await db.transaction(async (tx) => {
    await insertCards(
      tx,
      codes.map((code) => ({ code, batch: o.batch, shopId: o.shopId, expiresAt })),
    );
  });
  return codes;
}

export async function cardsOfBatch(db: Db, batch?: string): Promise<CardRow[]> {
  return listCards(db, batch);
}

/** Activate a card for the user; one use, whatever the concurrency. */
export async function activateCard(ctx: AppContext, userId: number, rawCode: string, at: Date = new Date()): Promise<CardActivated> {
  const code = rawCode.trim().toUpperCase().replace(/[\s-]/g, '');
  const db = ctx.database.db;
  const catalog = shopCatalogOf(ctx);
  const claimed = await db.transaction(async (tx) => {
    const card = await claimCard(tx, code, userId, at);
    if (!card) return null;
    const item = findItem(catalog, card.shopId);
    // Throwing rolls the claim back: the card stays usable once the item is restored.
    if (!item) throw refused(MSG.shopItemUnknown);
    await applyGrant(tx, { userId, grant: item.grant, idemBase: `card:${code}`, reason: 'card', ref: code, at });
    return item;
  });
  if (!claimed) {
    const card = code ? await findCard(db, code) : null;
    if (!card) throw refused(MSG.cardUnknown, Code.NOT_FOUND);
    if (card.usedBy !== null) throw refused(MSG.cardUsed);
    if (card.voidedAt) throw refused(ADMIN_MONEY_MSG.moneyCardAlreadyVoided);
    throw refused(MSG.cardExpired);
  }
  forgetUserSessions(ctx, userId);
  const user = await findUserById(db, userId);
  const live = user ? { ...user, vip: effectiveVip(user, at) } : null;
  return { shop_name: claimed.shop_name, vip: live?.vip ?? 0, vipTime: live ? vipTimeOf(live, ctx.config.tzBusiness) : '' };
}
