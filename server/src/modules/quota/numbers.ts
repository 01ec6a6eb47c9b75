import { Code, MSG, type QuotaBalance, type QuotaRefusal, type UsageItem } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { Catalog } from '../../catalog';
import { AppError } from '../../http/errors';
import { businessDay } from './period';
import { quotaRefusal, type QuotaUser, type RefusalMetrics } from './service';
import { selectBonus, type BonusRow } from './bonus';
import { chargeBonusCounts, chargeCounts, selectBonusLeft, selectUsage, selectUsageByKey, type UsageRow } from './store';

/**
 * The quota calls of docs/product/quota-and-points.md §7: number/check, number/submit and number/all. Keys the chat
 * route meters itself (any model's quota key) are only reported here: the reply was charged when
 * it was saved, so a submit for it never charges twice. Other keys (tools of later issues) are
 * charged by submit, atomically.
 */
export type NumbersContext = Pick<AppContext, 'config' | 'database'> & { catalog: Pick<Catalog, 'dailyLimit' | 'quotaKeys' | 'models'>; metrics?: RefusalMetrics };

/**
 * Tool keys of docs/product/quota-and-points.md §7 that the server charges inside the route doing the work
 * (a hold before, settled on success, released on failure), so number/submit only reports them.
 */
export const SERVER_METERED_QUOTA_KEYS = [
  'resource_learning_search',
  'resource_cloud',
  'resource_file',
  'resource_website',
  'resource_learning_interpret',
  'learning_translate',
  'doc_ppt',
  'doc_mindmap',
  // The document family (issue 14): translation, OCR, PDF tools, long writing, AIGC checks.
  'translate_text',
  'doc_translate',
  'doc_ocr',
  'pdf_tools',
  'doc_thesis',
  'aigc_check',
  'aigc_rewrite',
  // Prompt tools (server/src/modules/tools): held per run by the streaming engine's pay rule.
  'tool_generate',
  'tool_writing',
  // Image tools (server/src/tools/tasks/image-tool.ts): held per task by the task engine.
  'draw',
  'draw_enhance',
  'draw_matting',
  'draw_qrcode',
  'draw_face',
  // The media family (issue 15; server/src/tools/tasks/media/): held per task by the task engine.
  'ai_music',
  'ai_video',
  'ai_speech',
  'ai_voice_clone',
  'media_edit',
] as const;

/**
 * Quota keys some chat model is charged under, and those the server's own routes charge. Built per
 * call from the catalog in memory (a few hundred entries), so a catalog change is seen at once.
 */
export function chatMeteredKeys(catalog: Pick<Catalog, 'models'>): Set<string> {
  return new Set([
    ...catalog
      .models()
      .map((m) => m.quotaKey)
      .filter((k) => k !== ''),
    ...SERVER_METERED_QUOTA_KEYS,
  ]);
}

function assertKnownKey(ctx: NumbersContext, key: string): void {
  if (!ctx.catalog.quotaKeys().some((q) => q.key === key)) throw new AppError(Code.BAD_REQUEST, MSG.quotaTypeUnknown);
}

function balanceOf(key: string, limit: number, usage: UsageRow): QuotaBalance {
  const used = usage.used + usage.reserved;
  if (limit < 0) return { key, maxNumber: -1, balance: -1, used };
  return { key, maxNumber: limit, balance: Math.max(0, limit - used), used };
}

/** The NO_COUNT refusal with what the membership-count popup shows (title 次数不足, tier text), counted as a refusal. */
export function countRefusal(ctx: { metrics?: RefusalMetrics }, user: QuotaUser, b: QuotaBalance): AppError {
  const data: QuotaRefusal = {
    title: MSG.countExhaustedTitle,
    content: user.vip > 0 ? MSG.upgradeMember : MSG.upgradeFree,
    key: b.key,
    vip: user.vip,
    maxNumber: b.maxNumber,
    balance: b.balance,
  };
  return quotaRefusal(ctx, b.key, 'no_count', new AppError(Code.NO_COUNT, MSG.countExhausted, data));
}

/** number/check: code 200 when `number` more fit today (a read: races are settled by the hold itself). */
export async function checkNumber(
  ctx: NumbersContext,
  user: QuotaUser,
  key: string,
  number: number,
  now = new Date(),
): Promise<QuotaBalance> {
  assertKnownKey(ctx, key);
  const limit = ctx.catalog.dailyLimit(key, user.vip);
  const b = balanceOf(key, limit, await selectUsage(ctx.database.db, user.id, key, businessDay(now, ctx.config.tzBusiness)));
  if (b.maxNumber >= 0 && b.balance < number) {
    // Past today's counts, bonus counts (sign-in gifts, packs) still admit the use.
    const bonus = await selectBonusLeft(ctx.database.db, user.id, key);
    if (bonus < number) throw countRefusal(ctx, user, b);
    return { ...b, bonus };
  }
  return b;
}

/**
 * number/submit: report a chat key (never charged again: the chat route charged the reply
 * `ref`), or charge a tool key in one conditional statement (NO_COUNT when it does not fit).
 */
export async function submitNumber(
  ctx: NumbersContext,
  user: QuotaUser,
  key: string,
  number: number,
  now = new Date(),
): Promise<QuotaBalance> {
  assertKnownKey(ctx, key);
  const period = businessDay(now, ctx.config.tzBusiness);
  const limit = ctx.catalog.dailyLimit(key, user.vip);
  const db = ctx.database.db;
  if (chatMeteredKeys(ctx.catalog).has(key)) {
    return { ...balanceOf(key, limit, await selectUsage(db, user.id, key, period)), charged: false };
  }
  const after = await chargeCounts(db, { userId: user.id, quotaKey: key, period, amount: number, limit });
  if (after) return { ...balanceOf(key, limit, after), charged: true };
  // Today's counts do not cover it: spend bonus counts instead, in one conditional statement.
  const daily = balanceOf(key, limit, await selectUsage(db, user.id, key, period));
  const bonusLeft = await chargeBonusCounts(db, { userId: user.id, quotaKey: key, amount: number });
  if (bonusLeft === null) throw countRefusal(ctx, user, daily);
  return { ...daily, bonus: bonusLeft, charged: true };
}

/** number/all: one usage item per quota key (max -1 unlimited, null none), in catalog order. */
export async function usageAll(ctx: NumbersContext, user: QuotaUser, now = new Date()): Promise<UsageItem[]> {
  const [usage, bonusRows] = await Promise.all([
    selectUsageByKey(ctx.database.db, user.id, businessDay(now, ctx.config.tzBusiness)),
    selectBonus(ctx.database.db, user.id),
  ]);
  const bonusByKey = new Map(bonusRows.map((r) => [r.quotaKey, r]));
  return ctx.catalog.quotaKeys().map(({ key, label }) => {
    const limit = ctx.catalog.dailyLimit(key, user.vip);
    const b = balanceOf(key, limit, usage.get(key) ?? { used: 0, reserved: 0 });
    const bonus = bonusByKey.get(key);
    return {
      key,
      name: label,
      max: limit === 0 ? null : b.maxNumber,
      balance: limit === 0 ? null : b.balance,
      number_unit: MSG.usageUnit,
      number_time: MSG.usageDaily,
      number_merge: 0,
      // Bonus counts do not reset daily: a child item 奖励次数 (granted, and what is still free).
      children: bonus && bonus.granted > 0 ? [bonusItem(key, bonus)] : [],
    };
  });
}

function bonusItem(key: string, r: BonusRow): UsageItem {
  return {
    key: `${key}.bonus`,
    name: MSG.usageBonus,
    max: r.granted,
    balance: Math.max(0, r.granted - r.used - r.reserved),
    number_unit: MSG.usageUnit,
    number_time: MSG.usageBonusTime,
    number_merge: 0,
    children: [],
  };
}
