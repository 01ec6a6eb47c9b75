import { Code, MSG, type SigninInfo, type SigninResult } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { AppError } from '../../http/errors';
import { applyPoints } from '../points/ledger';
import { grantBonusCounts } from '../quota/bonus';
import { businessDay } from '../quota/period';
import { signinRewardsOf, type SigninRewards } from './rewards';
import { insertSignin, selectSignins, updateSigninReward } from './store';
import { addDays, mondayOf } from './week';

/**
 * Daily sign-in rules (docs/product/signin.md §4, §9): once per business day; the streak counts
 * consecutive days within the week (Monday 00:00 in TZ_BUSINESS starts again at 1, a missed day
 * too, max 7); each day credits its reward, the 7th day also the full-week bonus, once per week.
 * `now` is injectable so tests can walk the calendar.
 */
export type SigninContext = Pick<AppContext, 'config' | 'database' | 'documents' | 'moduleStates'> & { signinRewards?: SigninRewards };
type SigninUser = Pick<AuthUser, 'id'>;

export const SIGNIN_REASON = 'signin';
export const SIGNIN_WEEK_REASON = 'signin_week';

function rewardsOf(ctx: SigninContext): SigninRewards {
  return ctx.signinRewards ?? signinRewardsOf(ctx);
}

function todayOf(ctx: SigninContext, now: Date): string {
  return businessDay(now, ctx.config.tzBusiness);
}

export async function isSignedToday(ctx: SigninContext, user: SigninUser, now = new Date()): Promise<boolean> {
  const today = todayOf(ctx, now);
  return (await selectSignins(ctx.database.db, user.id, [today])).length > 0;
}

/**
 * Sign today. The row, its points, its bonus counts and the week bonus are written in one
 * transaction: the unique (user_id, day) lets one of any number of racing calls through, and
 * every credit carries an idem key (signin:{user}:{day}...) so nothing is ever credited twice.
 */
export async function signIn(ctx: SigninContext, user: SigninUser, now = new Date()): Promise<SigninResult> {
  const rewards = rewardsOf(ctx);
  const day = todayOf(ctx, now);
  const weekStart = mondayOf(day);
  return ctx.database.db.transaction(async (tx) => {
    const row = await insertSignin(tx, { userId: user.id, day, yesterday: addDays(day, -1), weekStart });
    if (!row) throw new AppError(Code.FAILED, MSG.signinAlready);
    const gift = rewards.days[row.streak - 1]!;
    const idem = `${SIGNIN_REASON}:${user.id}:${day}`;
    if (gift.points > 0) {
      await applyPoints(tx, { userId: user.id, delta: gift.points, reason: SIGNIN_REASON, ref: day, note: gift.gift, idemKey: idem });
    }
    for (const [quotaKey, amount] of Object.entries(gift.counts)) {
      await grantBonusCounts(tx, { userId: user.id, quotaKey, amount, reason: SIGNIN_REASON, ref: day, idemKey: `${idem}:${quotaKey}` });
    }
    let reward = gift.gift;
    const fullWeek = row.streak === 7;
    if (fullWeek) {
      for (const b of rewards.weekBonus) {
        if (b.pending || !b.quotaKey || !b.amount) continue;
        await grantBonusCounts(tx, {
          userId: user.id,
          quotaKey: b.quotaKey,
          amount: b.amount,
          reason: SIGNIN_WEEK_REASON,
          ref: weekStart,
          idemKey: `${SIGNIN_WEEK_REASON}:${user.id}:${weekStart}:${b.quotaKey}`,
        });
      }
      reward = MSG.signinWeekReward(gift.gift, rewards.weekBonus.map((b) => b.label).join('、'));
    }
    await updateSigninReward(tx, row.id, reward);
    return { reward, continue_days: row.streak, points: gift.points, week_bonus: fullWeek };
  });
}

/**
 * The strip: day n of the streak with its gift, signed when n <= continue_days, and the date it
 * was (or will be, if the streak goes on) signed.
 */
export async function signinInfo(ctx: SigninContext, user: SigninUser, now = new Date()): Promise<SigninInfo> {
  const rewards = rewardsOf(ctx);
  const today = todayOf(ctx, now);
  const yesterday = addDays(today, -1);
  const found = await selectSignins(ctx.database.db, user.id, [today, yesterday]);
  const todayRow = found.find((r) => r.day === today);
  const yesterdayRow = found.find((r) => r.day === yesterday);
  const sameWeek = mondayOf(yesterday) === mondayOf(today);
  const continueDays = todayRow?.streak ?? (yesterdayRow && sameWeek ? yesterdayRow.streak : 0);
  // The date of streak day 1: today is day `continueDays` when signed, else the next one.
  const first = addDays(today, todayRow ? 1 - continueDays : -continueDays);
  return {
    list: rewards.days.map((d, i) => ({ day: i + 1, date: addDays(first, i), gift: d.gift, signed: i < continueDays })),
    continue_days: continueDays,
    signin: Boolean(todayRow),
    reward: rewards.defaultReward,
    week_bonus: rewards.weekBonus.map((b) => b.label),
    rules: rewards.rules,
  };
}
