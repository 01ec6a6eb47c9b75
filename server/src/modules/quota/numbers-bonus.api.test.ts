import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type Envelope, type QuotaBalance, type UsageItem, MSG } from '@wanxiang/contract';
import { testDbKinds } from '../../../test/db';
import { createTestApp, type TestApp } from '../../../test/app';
import { grantBonusCounts, selectBonus } from './bonus';

/**
 * number/check, number/submit and number/all with bonus counts, on the real catalog: a free user
 * has no daily AI video counts (ai_video 0), so only bonus counts (e.g. sign-in gifts) admit a use.
 */
describe.each(testDbKinds())('quota calls with bonus counts on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = async <T>(path: string, token: string, payload: object = {}) =>
    (await t.app.inject({ method: 'POST', url: `/api${path}`, headers: { token }, payload })).json<Envelope<T>>();
  const item = async (token: string, key: string) => (await call<UsageItem[]>('/v1/number/all', token)).data.find((i) => i.key === key)!;

  it('number/all shows bonus counts as a child 奖励次数; submit and check use them past the daily counts', async () => {
    const { token, user } = await t.loginAs();
    expect(t.ctx.catalog.dailyLimit('ai_video', 0)).toBe(0);
    expect(await item(token, 'ai_video')).toMatchObject({ name: 'AI视频', max: null, balance: null, children: [] });
    expect((await call('/v1/number/submit', token, { type: 'ai_video', number: 1 })).code).toBe(Code.NO_COUNT);

    await grantBonusCounts(t.ctx.database.db, { userId: user.id, quotaKey: 'ai_video', amount: 10, reason: 'signin' });
    expect((await item(token, 'ai_video')).children).toEqual([
      {
        key: 'ai_video.bonus',
        name: MSG.usageBonus,
        max: 10,
        balance: 10,
        number_unit: MSG.usageUnit,
        number_time: MSG.usageBonusTime,
        number_merge: 0,
        children: [],
      },
    ]);
    expect((await call<QuotaBalance>('/v1/number/check', token, { type: 'ai_video', number: 10 })).data).toMatchObject({ bonus: 10 });
    expect((await call('/v1/number/check', token, { type: 'ai_video', number: 11 })).code).toBe(Code.NO_COUNT);

    // 20 racing submits of 1 against 10 bonus counts: exactly 10 charged.
    const out = await Promise.all(Array.from({ length: 20 }, () => call<QuotaBalance>('/v1/number/submit', token, { type: 'ai_video' })));
    expect(out.filter((r) => r.code === 200)).toHaveLength(10);
    expect(out.filter((r) => r.code === Code.NO_COUNT)).toHaveLength(10);
    expect(out.filter((r) => r.code === 200).every((r) => r.data.charged === true)).toBe(true);
    expect((await selectBonus(t.ctx.database.db, user.id)).find((b) => b.quotaKey === 'ai_video')).toMatchObject({ granted: 10, used: 10 });
    expect((await item(token, 'ai_video')).children[0]).toMatchObject({ max: 10, balance: 0 });
  });

  it('daily counts are spent before bonus counts', async () => {
    const { token, user } = await t.loginAs();
    await grantBonusCounts(t.ctx.database.db, { userId: user.id, quotaKey: 'ai_music', amount: 2, reason: 'signin' });
    const daily = t.ctx.catalog.dailyLimit('ai_music', 0);
    for (let i = 0; i < daily; i++) expect((await call<QuotaBalance>('/v1/number/submit', token, { type: 'ai_music' })).data.bonus).toBeUndefined();
    expect((await item(token, 'ai_music')).children[0]).toMatchObject({ balance: 2 });
    expect((await call<QuotaBalance>('/v1/number/submit', token, { type: 'ai_music' })).data).toMatchObject({ bonus: 1, balance: 0 });
    expect((await item(token, 'ai_music'))).toMatchObject({ balance: 0, children: [{ balance: 1 }] });
  });
});
