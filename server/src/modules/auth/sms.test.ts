import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MSG } from '@wanxiang/contract';
import { smsCodes } from '../../db/schema';
import { AppError } from '../../http/errors';
import { createTestApp, newPhone, randomIp, type TestApp } from '../../../test/app';
import { testDbKinds } from '../../../test/db';
import { sendSmsCode, verifySmsCode } from './sms';

/** Midnight 2030-01-01 in Asia/Shanghai. */
const DAY = new Date('2029-12-31T16:00:00Z');
const plus = (at: Date, sec: number) => new Date(at.getTime() + sec * 1000);

/** The Chinese message a call was refused with, or 'ok'. */
async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.message;
    throw err;
  }
}

describe.each(testDbKinds())('SMS code rules (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // No fixed code: every check below goes through the real rules.
    t = await createTestApp(kind, { env: { SMS_FIXED_CODE: '' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (phone: string, at: Date, ip = randomIp()) => outcome(sendSmsCode(t.ctx, phone, { ip, at }));
  const check = (phone: string, code: string, at: Date) => outcome(verifySmsCode(t.ctx, phone, code, at));
  const wrongFor = (phone: string) => (t.sms.lastCode(phone) === '000000' ? '111111' : '000000');

  it('allows one code per phone per 60 s', async () => {
    const phone = newPhone();
    expect(await send(phone, DAY)).toBe('ok');
    expect(await send(phone, plus(DAY, 30))).toBe(MSG.smsWait);
    expect(await send(phone, plus(DAY, 59))).toBe(MSG.smsWait);
    expect(await send(phone, plus(DAY, 61))).toBe('ok');
  });

  it('allows 5 codes per phone per hour', async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i++) expect(await send(phone, plus(DAY, i * 61))).toBe('ok');
    expect(await send(phone, plus(DAY, 5 * 61))).toBe(MSG.smsPhoneHourLimit);
    expect(await send(phone, plus(DAY, 3_599))).toBe(MSG.smsPhoneHourLimit);
    // An hour after the first, the first no longer counts.
    expect(await send(phone, plus(DAY, 3_601))).toBe('ok');
  });

  it('allows 10 codes per phone per business day, counted again after midnight in Shanghai', async () => {
    const phone = newPhone();
    for (let i = 0; i < 10; i++) expect(await send(phone, plus(DAY, i * 3_660))).toBe('ok');
    expect(await send(phone, plus(DAY, 10 * 3_660))).toBe(MSG.smsPhoneDayLimit);
    expect(await send(phone, plus(DAY, 86_399))).toBe(MSG.smsPhoneDayLimit);
    expect(await send(phone, plus(DAY, 86_400))).toBe('ok');
  });

  it(`allows ${LIMITS.smsPerIpPerDay} codes per IP per day, across phones`, async () => {
    const ip = randomIp();
    for (let i = 0; i < LIMITS.smsPerIpPerDay; i++) expect(await send(newPhone(), plus(DAY, i), ip)).toBe('ok');
    expect(await send(newPhone(), plus(DAY, 100), ip)).toBe(MSG.smsIpDayLimit);
    expect(await send(newPhone(), plus(DAY, 100))).toBe('ok');
    expect(await send(newPhone(), plus(DAY, 86_400), ip)).toBe('ok');
  });

  it('admits one of many concurrent sends to the same phone', async () => {
    const phone = newPhone();
    const results = await Promise.all(Array.from({ length: 8 }, () => send(phone, DAY)));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === MSG.smsWait)).toHaveLength(7);
    expect(t.sms.sent.filter((s) => s.phone === phone)).toHaveLength(1);
  });

  it('stores codes hashed', async () => {
    const phone = newPhone();
    await send(phone, DAY);
    const code = t.sms.lastCode(phone)!;
    const rows = await t.ctx.database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.codeHash).not.toContain(code);
  });

  it('accepts a code for 5 minutes', async () => {
    const a = newPhone();
    await send(a, DAY);
    expect(await check(a, t.sms.lastCode(a)!, plus(DAY, 299))).toBe('ok');
    const b = newPhone();
    await send(b, DAY);
    expect(await check(b, t.sms.lastCode(b)!, plus(DAY, 300))).toBe(MSG.smsCodeExpired);
  });

  it('accepts a code once', async () => {
    const phone = newPhone();
    await send(phone, DAY);
    const code = t.sms.lastCode(phone)!;
    expect(await check(phone, code, plus(DAY, 10))).toBe('ok');
    expect(await check(phone, code, plus(DAY, 11))).toBe(MSG.smsCodeExpired);
  });

  it('kills a code after 5 wrong tries', async () => {
    const phone = newPhone();
    await send(phone, DAY);
    for (let i = 0; i < 4; i++) expect(await check(phone, wrongFor(phone), plus(DAY, 1))).toBe(MSG.smsWrongCode);
    expect(await check(phone, wrongFor(phone), plus(DAY, 1))).toBe(MSG.smsTooManyTries);
    expect(await check(phone, t.sms.lastCode(phone)!, plus(DAY, 2))).toBe(MSG.smsTooManyTries);
  });

  it('still accepts the right code after 4 wrong tries', async () => {
    const phone = newPhone();
    await send(phone, DAY);
    for (let i = 0; i < 4; i++) await check(phone, wrongFor(phone), plus(DAY, 1));
    expect(await check(phone, t.sms.lastCode(phone)!, plus(DAY, 2))).toBe('ok');
  });

  it('counts concurrent guesses: at most 5 tries, then the right code is refused', async () => {
    const phone = newPhone();
    await send(phone, DAY);
    const wrong = wrongFor(phone);
    const results = await Promise.all(Array.from({ length: 20 }, () => check(phone, wrong, plus(DAY, 1))));
    expect(results.every((r) => r === MSG.smsWrongCode || r === MSG.smsTooManyTries)).toBe(true);
    const [row] = await t.ctx.database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row!.attempts).toBe(LIMITS.smsMaxWrongTries);
    expect(await check(phone, t.sms.lastCode(phone)!, plus(DAY, 2))).toBe(MSG.smsTooManyTries);
  });

  it('lets a newer code replace an older one', async () => {
    const phone = newPhone();
    await send(phone, DAY);
    const first = t.sms.lastCode(phone)!;
    await send(phone, plus(DAY, 61));
    const second = t.sms.lastCode(phone)!;
    if (first !== second) expect(await check(phone, first, plus(DAY, 62))).toBe(MSG.smsWrongCode);
    expect(await check(phone, second, plus(DAY, 62))).toBe('ok');
  });

  it('refuses a code when none was sent, and a fixed code when none is configured', async () => {
    expect(await check(newPhone(), '123456', DAY)).toBe(MSG.smsWrongCode);
  });

  it('does not count a code whose delivery failed', async () => {
    const phone = newPhone();
    t.sms.failNext();
    expect(await send(phone, DAY)).toBe(MSG.smsSendFailed);
    expect(await t.ctx.database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toHaveLength(0);
    expect(await send(phone, plus(DAY, 1))).toBe('ok');
  });
});

describe('SMS fixed code (development)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { SMS_FIXED_CODE: '246810' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('accepts the fixed code any number of times and still sends real codes', async () => {
    const phone = newPhone();
    expect(await outcome(verifySmsCode(t.ctx, phone, '246810', DAY))).toBe('ok');
    expect(await outcome(sendSmsCode(t.ctx, phone, { ip: randomIp(), at: DAY }))).toBe('ok');
    expect(t.sms.lastCode(phone)).toMatch(/^\d{6}$/);
    expect(await outcome(verifySmsCode(t.ctx, phone, '246810', plus(DAY, 1)))).toBe('ok');
    expect(await outcome(verifySmsCode(t.ctx, phone, t.sms.lastCode(phone)!, plus(DAY, 2)))).toBe('ok');
  });
});
