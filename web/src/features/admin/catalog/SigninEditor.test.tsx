import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { catalogApi as api, docOf, expectMarked, mockCatalogServer, mountDocument, refuseNextSave, saveAndSeeRefusal, saved as save, TIERS, type } from './catalog-testing';
import type { SigninContent } from './signin-form';

vi.mock('../../../api/admin-catalog', () => import('./catalog-api-mock'));

/** The shipped file, as the server serves it when the console has not changed it. */
const SHIPPED: SigninContent = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../../server/catalog/signin.json'), 'utf8'));
const SIGNIN_DOC = docOf('signin', SHIPPED);

mockCatalogServer(SIGNIN_DOC, { tiers: TIERS });

const dayRow = async (day: number) => (await screen.findByText(`第 ${day} 天`)).closest('tr')!;
const saveButton = () => screen.getByTestId('catalog-save') as HTMLButtonElement;

describe('the sign-in rewards form', { timeout: 60_000 }, () => {
  it('loads the shipped file: the default reward, 7 days with their gifts, points and counts, the bonus and the rules', async () => {
    mountDocument('signin');
    await dayRow(7);
    expect((screen.getByLabelText('默认奖励文案') as HTMLInputElement).value).toBe('AI视频×10');
    expect(within(screen.getByTestId('signin-days')).getAllByRole('row')).toHaveLength(8);
    expect((screen.getByLabelText('第 1 天 奖励文案') as HTMLInputElement).value).toBe('10积分');
    expect((screen.getByLabelText('第 1 天 积分') as HTMLInputElement).value).toBe('10');
    // Day 7 has no gift text: its box is empty and shows the default reward as placeholder.
    expect((screen.getByLabelText('第 7 天 奖励文案') as HTMLInputElement).placeholder).toBe('AI视频×10');
    expect((screen.getByLabelText('第 6 天 ai_music 次数') as HTMLInputElement).value).toBe('5');
    expect(within(screen.getByTestId('signin-bonus')).getAllByRole('row')).toHaveLength(5);
    expect((screen.getByLabelText('规则 1') as HTMLInputElement).value).toBe(SHIPPED.rules[0]);
    expect(screen.queryByTestId('signin-check')).toBeNull();
  });

  it('edits a day’s gift, points and count, saving the whole file with its comment and the other days as loaded', async () => {
    mountDocument('signin');
    await dayRow(2);
    type('第 2 天 奖励文案', '高阶模型×4');
    type('第 2 天 chat_v40 次数', '4');
    type('第 3 天 积分', '25');
    expect(await save()).toEqual({
      ...SHIPPED,
      days: SHIPPED.days.map((d, i) => (i === 1 ? { gift: '高阶模型×4', points: 0, counts: { chat_v40: 4 } } : i === 2 ? { ...d, points: 25 } : d)),
    });
    expect(api.save.mock.calls[0]![2]).toBe(3);
  });

  it('adds a tiers quota key to a day and removes another, one count per key as the schema has them', async () => {
    mountDocument('signin');
    await dayRow(1);
    const box = await screen.findByLabelText('第 1 天 添加计次');
    fireEvent.mouseDown(box);
    const option = await waitFor(() => {
      const o = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((el) => el.textContent?.includes('（draw）'));
      if (!o) throw new Error('no draw option');
      return o;
    });
    fireEvent.click(option);
    await screen.findByLabelText('第 1 天 draw 次数');
    type('第 1 天 draw 次数', '3');
    fireEvent.click(screen.getByLabelText('移除 第 6 天 chat_v40'));
    const saved = (await save()) as SigninContent;
    expect(saved.days[0]).toEqual({ gift: '10积分', points: 10, counts: { draw: 3 } });
    expect(saved.days[5]).toEqual({ gift: '高阶模型×5 + AI音乐×5', points: 0, counts: { ai_music: 5 } });
    expect(saved.days.slice(1, 5)).toEqual(SHIPPED.days.slice(1, 5));
  });

  it('an emptied gift is left out of the day so it shows the default reward', async () => {
    mountDocument('signin');
    await dayRow(1);
    type('第 1 天 奖励文案', '');
    const saved = (await save()) as SigninContent;
    expect(saved.days[0]).toEqual({ points: 10, counts: {} });
    expect(saved._comment).toBe(SHIPPED._comment);
  });

  it('marks a bonus pending without its key and amount, as the server’s pending shape has none', async () => {
    mountDocument('signin');
    await dayRow(1);
    fireEvent.click(screen.getByLabelText('满周奖励（本周连续签到满 7 天额外发放一次） 1 即将上线'));
    const saved = (await save()) as SigninContent;
    expect(saved.weekBonus[0]).toEqual({ label: 'AI音乐×15', pending: true });
    expect(saved.weekBonus.slice(1)).toEqual(SHIPPED.weekBonus.slice(1));
  });

  it('says in Chinese what the server would refuse: an empty default reward, an emptied rule', async () => {
    mountDocument('signin');
    await dayRow(1);
    type('默认奖励文案', '  ');
    expect((await screen.findByTestId('signin-check')).textContent).toContain('默认奖励文案不能为空');
    type('默认奖励文案', 'AI视频×10');
    type('规则 2', '');
    expect((await screen.findByTestId('signin-check')).textContent).toContain('签到规则至少要有一条，且每条不能为空');
    type('规则 2', '每周一重新开始。');
    await waitFor(() => expect(screen.queryByTestId('signin-check')).toBeNull());
  });

  it('keeps 保存 off while the form’s own check fails, so nothing the server would refuse is sent', async () => {
    mountDocument('signin');
    await dayRow(1);
    expect(saveButton().disabled).toBe(false);
    type('默认奖励文案', '  ');
    expect((await screen.findByTestId('signin-check')).textContent).toContain('默认奖励文案不能为空');
    expect(saveButton().disabled).toBe(true);
    expect(saveButton().title).toBe('默认奖励文案不能为空');
    fireEvent.click(saveButton());
    expect(api.save).not.toHaveBeenCalled();
    // Fixed, 保存 is on again and sends the edit.
    type('默认奖励文案', '每日好礼');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    expect(((await save()) as SigninContent).defaultReward).toBe('每日好礼');
  });

  it('shows the server’s refusal and marks the day it names, keeping the edit', async () => {
    const refusal = '签到奖励校验未通过：signin.json: days.3.counts.ai_music: Too small: expected number to be >=1';
    refuseNextSave(refusal);
    mountDocument('signin');
    await dayRow(4);
    type('第 4 天 积分', '5');
    await saveAndSeeRefusal(refusal);
    expectMarked(await dayRow(4), true);
    expectMarked(await dayRow(3), false);
    expect((screen.getByLabelText('第 4 天 积分') as HTMLInputElement).value).toBe('5');
  });
});
