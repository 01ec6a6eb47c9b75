import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type Envelope, type QuotaBalance, type UsageItem, MSG } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { grantBonusCounts, selectBonus } from './bonus';

/**
 * number/check, number/submit and number/all with bonus counts. Every key of the shipped tiers is
 * charged by the server itself now (number/submit only reports those), so this runs on a copy of
 * the real catalog with two keys the client submits: `gift_video` (0 a day for free users, so only
 * bonus counts, e.g. sign-in gifts, admit a use) and `gift_music` (1 a day).
 */
const GIFT_KEYS = { gift_video: ['赠送视频', 0], gift_music: ['赠送音乐', 1] } as const;

function catalogWithGiftKeys(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wx-bonus-catalog-'));
  cpSync(join(import.meta.dirname, '../../../catalog'), dir, { recursive: true });
  const tiers = JSON.parse(readFileSync(join(dir, 'tiers.json'), 'utf8')) as { quotaKeys: Record<string, string>; levels: { vip: number; daily: Record<string, number> }[] };
  for (const [key, [name, free]] of Object.entries(GIFT_KEYS)) {
    tiers.quotaKeys[key] = name;
    for (const level of tiers.levels) level.daily[key] = level.vip === 0 ? free : 10;
  }
  writeFileSync(join(dir, 'tiers.json'), JSON.stringify(tiers));
  return dir;
}

describe.each(testDbKinds())('quota calls with bonus counts on %s', (kind) => {
  let t: TestApp;
  const catalogDir = catalogWithGiftKeys();

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { CATALOG_DIR: catalogDir } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(catalogDir, { recursive: true, force: true });
  });

  const call = async <T>(path: string, token: string, payload: object = {}) =>
    (await t.app.inject({ method: 'POST', url: `/api${path}`, headers: { token }, payload })).json<Envelope<T>>();
  const item = async (token: string, key: string) => (await call<UsageItem[]>('/v1/number/all', token)).data.find((i) => i.key === key)!;

  it('number/all shows bonus counts as a child 奖励次数; submit and check use them past the daily counts', async () => {
    const { token, user } = await t.loginAs();
    expect(t.ctx.catalog.dailyLimit('gift_video', 0)).toBe(0);
    expect(await item(token, 'gift_video')).toMatchObject({ name: '赠送视频', max: null, balance: null, children: [] });
    expect((await call('/v1/number/submit', token, { type: 'gift_video', number: 1 })).code).toBe(Code.NO_COUNT);

    await grantBonusCounts(t.ctx.database.db, { userId: user.id, quotaKey: 'gift_video', amount: 10, reason: 'signin' });
    expect((await item(token, 'gift_video')).children).toEqual([
      {
        key: 'gift_video.bonus',
        name: MSG.usageBonus,
        max: 10,
        balance: 10,
        number_unit: MSG.usageUnit,
        number_time: MSG.usageBonusTime,
        number_merge: 0,
        children: [],
      },
    ]);
    expect((await call<QuotaBalance>('/v1/number/check', token, { type: 'gift_video', number: 10 })).data).toMatchObject({ bonus: 10 });
    expect((await call('/v1/number/check', token, { type: 'gift_video', number: 11 })).code).toBe(Code.NO_COUNT);

    // 20 racing submits of 1 against 10 bonus counts: exactly 10 charged.
    const out = await Promise.all(Array.from({ length: 20 }, () => call<QuotaBalance>('/v1/number/submit', token, { type: 'gift_video' })));
    expect(out.filter((r) => r.code === 200)).toHaveLength(10);
    expect(out.filter((r) => r.code === Code.NO_COUNT)).toHaveLength(10);
    expect(out.filter((r) => r.code === 200).every((r) => r.data.charged === true)).toBe(true);
    expect((await selectBonus(t.ctx.database.db, user.id)).find((b) => b.quotaKey === 'gift_video')).toMatchObject({ granted: 10, used: 10 });
    expect((await item(token, 'gift_video')).children[0]).toMatchObject({ max: 10, balance: 0 });
  });

  it('daily counts are spent before bonus counts', async () => {
    const { token, user } = await t.loginAs();
    await grantBonusCounts(t.ctx.database.db, { userId: user.id, quotaKey: 'gift_music', amount: 2, reason: 'signin' });
    const daily = t.ctx.catalog.dailyLimit('gift_music', 0);
    for (let i = 0; i < daily; i++) expect((await call<QuotaBalance>('/v1/number/submit', token, { type: 'gift_music' })).data.bonus).toBeUndefined();
    expect((await item(token, 'gift_music')).children[0]).toMatchObject({ balance: 2 });
    expect((await call<QuotaBalance>('/v1/number/submit', token, { type: 'gift_music' })).data).toMatchObject({ bonus: 1, balance: 0 });
    expect((await item(token, 'gift_music'))).toMatchObject({ balance: 0, children: [{ balance: 1 }] });
  });
});
