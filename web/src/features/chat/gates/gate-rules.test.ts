import { describe, expect, it } from 'vitest';
import type { ModelEntry } from '@wanxiang/contract';
import { formatCountdown, needsPrecheck, needsSubmit, paysWithPoints, shouldNudge, showsPointsToggle } from './gate-rules';
import { nudgeShownToday } from './vip-nudge-cookie';

type GateModel = Pick<ModelEntry, 'key' | 'checkKey' | 'isFree' | 'only_points' | 'allow_points' | 'consume_points'>;

const model = (over: Partial<GateModel> = {}): GateModel => ({
  key: 'chat_4o',
  checkKey: 'chat_v40',
  isFree: false,
  only_points: false,
  allow_points: true,
  consume_points: 5,
  ...over,
});

describe('gate rules (docs/product/quota-and-points.md §6)', () => {
  it('v35 is never checked; points-paid replies skip the count check', () => {
    expect(needsPrecheck(model({ key: 'v35', checkKey: 'chat', allow_points: false, consume_points: 0 }), false)).toBe(false);
    expect(needsPrecheck(model(), false)).toBe(true);
    expect(needsPrecheck(model(), true)).toBe(false);
    expect(needsPrecheck(model({ only_points: true }), false)).toBe(false);
    // usePoints means nothing on a model that takes no points.
    expect(needsPrecheck(model({ allow_points: false, consume_points: 0 }), true)).toBe(true);
  });

  it('pays with points only when allowed and chosen, or required', () => {
    expect(paysWithPoints(model(), false)).toBe(false);
    expect(paysWithPoints(model(), true)).toBe(true);
    expect(paysWithPoints(model({ only_points: true }), false)).toBe(true);
    expect(paysWithPoints(model({ allow_points: false, consume_points: 0 }), true)).toBe(false);
  });

  it('shows the toggle on allow_points models that do not require points', () => {
    expect(showsPointsToggle(model())).toBe(true);
    expect(showsPointsToggle(model({ only_points: true }))).toBe(false);
    expect(showsPointsToggle(model({ allow_points: false, consume_points: 0 }))).toBe(false);
    expect(showsPointsToggle(undefined)).toBe(false);
  });

  it('submits after replies of non-free models only', () => {
    expect(needsSubmit(model())).toBe(true);
    expect(needsSubmit(model({ isFree: true }))).toBe(false);
    expect(needsSubmit(model({ key: 'v35', isFree: false }))).toBe(false);
  });

  it('nudges when used minus remaining reaches 2, once a day, never for vip 79 or unlimited keys', () => {
    expect(shouldNudge({ maxNumber: 2, used: 1, balance: 1 }, 0, false)).toBe(false);
    expect(shouldNudge({ maxNumber: 2, used: 2, balance: 0 }, 0, false)).toBe(true);
    expect(shouldNudge({ maxNumber: 20, used: 11, balance: 9 }, 0, false)).toBe(true);
    expect(shouldNudge({ maxNumber: 20, used: 10, balance: 10 }, 1, false)).toBe(false);
    expect(shouldNudge({ maxNumber: 2, used: 2, balance: 0 }, 0, true)).toBe(false);
    expect(shouldNudge({ maxNumber: 2, used: 2, balance: 0 }, 79, false)).toBe(false);
    expect(shouldNudge({ maxNumber: -1, used: 50, balance: -1 }, 1, false)).toBe(false);
  });

  it('reads the chat_vip_modal cookie and formats the offer countdown', () => {
    expect(nudgeShownToday('a=1; chat_vip_modal=1; b=2')).toBe(true);
    expect(nudgeShownToday('a=1; chat_vip_modal_x=1')).toBe(false);
    expect(nudgeShownToday('')).toBe(false);
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(59.9)).toBe('00:59');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});
