import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSigninContent, signinProblem, withSigninDay, type SigninContent } from './signin-form';

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
});
