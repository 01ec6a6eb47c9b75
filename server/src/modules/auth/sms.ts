import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { Code, LIMITS, MSG } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, refused } from '../../http/errors';
import { startOfBusinessDay } from './business-time';
import {
  consumeSmsCode,
  countIpSends,
  countPhoneSends,
  countSmsTry,
  deleteSmsCode,
  insertSmsCode,
  latestSmsCode,
  lockPhone,
} from './sms-store';

/**
 * SMS verification codes (QUALITY G15): per phone at most 1 per 60 s, 5 per hour, 10 per
 * business day; per IP SMS_IP_DAY_LIMIT (default LIMITS.smsPerIpPerDay) per day; a code lives 5 minutes, allows 5 tries and
 * works once. Every rule takes `at` from the caller so tests can move time.
 */
export const SMS_PURPOSE_LOGIN = 'login';

const tooMany = (msg: string) => new AppError(Code.RATE_LIMITED, msg);

function codeHash(phone: string, code: string): string {
  return createHash('sha256').update(`${phone}:${code}`, 'utf8').digest('hex');
}

export interface SmsSendMeta {
  ip: string;
  at: Date;
}

/** Check the limits, record a new code and hand it to the SMS provider. */
export async function sendSmsCode(ctx: AppContext, phone: string, meta: SmsSendMeta, purpose = SMS_PURPOSE_LOGIN): Promise<void> {
  const { at, ip } = meta;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const day = startOfBusinessDay(at, ctx.config.tzBusiness);
  const db = ctx.database.db;

  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await lockPhone(t, phone);
    const n = await countPhoneSends(t, phone, {
      minute: new Date(at.getTime() - LIMITS.smsPerPhoneMinIntervalSec * 1000),
      hour: new Date(at.getTime() - 3_600_000),
      day,
    });
    if (n.lastMinute > 0) throw tooMany(MSG.smsWait);
    if (n.lastHour >= LIMITS.smsPerPhonePerHour) throw tooMany(MSG.smsPhoneHourLimit);
    if (n.today >= LIMITS.smsPerPhonePerDay) throw tooMany(MSG.smsPhoneDayLimit);
    if ((await countIpSends(t, ip, day)) >= ctx.config.sms.ipDayLimit) throw tooMany(MSG.smsIpDayLimit);
    return insertSmsCode(t, {
      phone,
      purpose,
      codeHash: codeHash(phone, code),
      ip,
      createdAt: at,
      expiresAt: new Date(at.getTime() + LIMITS.smsCodeTtlSec * 1000),
    });
  });

  try {
    await ctx.sms.send(phone, code);
  } catch (err) {
    await deleteSmsCode(db, phone, id);
    throw Object.assign(refused(MSG.smsSendFailed), { cause: err });
  }
}

/**
 * Accept `code` for `phone` or throw the refusal (HTTP 200, code 1000) the user should read.
 * With config.sms.fixedCode (dev/test only) that code is always accepted.
 */
export async function verifySmsCode(ctx: AppContext, phone: string, code: string, at: Date, purpose = SMS_PURPOSE_LOGIN): Promise<void> {
  const fixed = ctx.config.sms.fixedCode;
  if (fixed && code === fixed) return;
  const db = ctx.database.db;
  const row = await latestSmsCode(db, phone, purpose);
  if (!row) throw refused(MSG.smsWrongCode);
  if (row.consumedAt || row.expiresAt.getTime() <= at.getTime()) throw refused(MSG.smsCodeExpired);
  if (row.attempts >= LIMITS.smsMaxWrongTries) throw refused(MSG.smsTooManyTries);
  // Count the try before comparing, so parallel guesses cannot exceed the limit.
  const tries = await countSmsTry(db, phone, row.id, LIMITS.smsMaxWrongTries);
  if (tries === null) throw refused(MSG.smsTooManyTries);
  const given = Buffer.from(codeHash(phone, code));
  if (timingSafeEqual(given, Buffer.from(row.codeHash))) {
    if (!(await consumeSmsCode(db, phone, row.id, at))) throw refused(MSG.smsCodeExpired);
    return;
  }
  throw refused(tries >= LIMITS.smsMaxWrongTries ? MSG.smsTooManyTries : MSG.smsWrongCode);
}
