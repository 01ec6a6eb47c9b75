import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSigninContent, signinEntryNamed, signinProblem, withDayCount, withSigninBonus, withSigninDay, type SigninContent } from './signin-form';

const shipped = (): SigninContent => JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../../server/catalog/signin.json'), 'utf8'));

describe('signin form', () => {
  it('accepts the shipped document and finds no problem in it', () => {
    const c = shipped();
    expect(isSigninContent(c)).toBe(true);
    expect(signinProblem(c)).toBeNull();
  });

  it('refuses what the server refuses, with the day named', () => {
    const c = shipped();
    expect(signinProblem(withSigninDay(c, 2, { points: -1 }))).toBe('第 3 天的积分须为不小于 0 的整数');
    expect(signinProblem(withSigninDay(c, 0, { counts: { 'Bad-Key': 1 } }))).toContain('第 1 天的计次键「Bad-Key」');
    expect(signinProblem(withSigninDay(c, 1, { counts: { chat_v40: 0 } }))).toBe('第 2 天「chat_v40」的次数须为不小于 1 的整数');
    expect(signinProblem({ ...c, days: c.days.slice(1) })).toBe('签到奖励须正好 7 天');
    expect(signinProblem({ ...c, rules: [] })).toBe('签到规则至少要有一条，且每条不能为空');
  });

  it('keeps fields it does not show and drops an emptied gift so the day shows the default', () => {
    const c = shipped();
    const next = withSigninDay(c, 0, { gift: '  ' });
    expect(next.days[0]).not.toHaveProperty('gift');
    expect(next._comment).toBe(c._comment);
    expect(next.days.slice(1)).toEqual(c.days.slice(1));
  });

  it('adds and removes a day’s count, and a bonus unmarked as pending asks for its key again', () => {
    const c = shipped();
    expect(withDayCount(c, 0, 'ai_video', 2).days[0]!.counts).toEqual({ ai_video: 2 });
    expect(withDayCount(c, 5, 'chat_v40', null).days[5]!.counts).toEqual({ ai_music: 5 });
    const unpended = withSigninBonus(c, 3, { pending: false });
    expect(unpended.weekBonus[3]).toEqual({ label: 'AI绘画×15（即将上线）', quotaKey: '', amount: 1 });
    expect(signinProblem(unpended)).toBe('满周奖励第 4 项的计次键须以小写字母开头，只含小写字母、数字和下划线');
    expect(signinProblem(withSigninBonus(unpended, 3, { quotaKey: 'ai_draw' }))).toBeNull();
  });

  it('finds the entry a server refusal names by its path, not a longer index', () => {
    const p = 'signin.json: days.2.points: Too small';
    expect(signinEntryNamed(p, 'days', 2)).toBe(true);
    expect(signinEntryNamed('signin.json: days.20.points', 'days', 2)).toBe(false);
    expect(signinEntryNamed(p, 'weekBonus', 2)).toBe(false);
    expect(signinEntryNamed(null, 'days', 2)).toBe(false);
  });
});
