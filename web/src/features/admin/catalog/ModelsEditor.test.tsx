import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  catalogApi as api,
  docOf,
  expectMarked,
  mockCatalogServer,
  mountDocument,
  refusedFieldLabels,
  refuseNextSave,
  rowOf,
  saveAndSeeRefusal,
  TIERS,
} from './catalog-testing';

vi.mock('../../../api/admin-catalog', () => import('./catalog-api-mock'));

const V35 = {
  key: 'v35',
  label: '万象 3.5',
  sort_label: '万象',
  shortName: '3.5',
  icon: '/model-icons/default.svg',
  desc: '默认对话模型',
  checkKey: 'chat',
  isFree: true,
  free: true,
  tags: ['免费'],
  vipTag: '',
  high: false,
  only_points: false,
  allow_points: false,
  consume_points: 0,
  online: true,
  reasoning: false,
  isAttack: true,
  keepHistory: true,
  uploadLimit: 0,
  vendor: 'deepseek',
  upstreamModel: 'deepseek-chat',
  quotaKey: '',
  blockedVips: [],
};
const V40 = {
  ...V35,
  children: ['v35'],
  key: 'v40',
  label: 'GPT-4.0',
  sort_label: 'ChatGPT',
  shortName: '4.0',
  icon: '/model-icons/openai.svg',
  checkKey: 'chat_v40',
  isFree: false,
  free: false,
  tags: ['旗舰'],
  vipTag: '高阶模型',
  high: true,
  allow_points: true,
  consume_points: 5,
  tools: true,
  vendor: 'openai',
  upstreamModel: 'gpt-4o',
  quotaKey: 'chat_v40',
  blockedVips: [0],
};
const MODELS_DOC = docOf('models', { models: [V35, V40] });

mockCatalogServer(MODELS_DOC, { tiers: TIERS });

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the models form', { timeout: 60_000 }, () => {
  it('lists the models with vendor, price and gates', async () => {
    mountDocument('models');
    const row = await rowOf('GPT-4.0');
    expect(row.textContent).toContain('openai / gpt-4o');
    expect(row.textContent).toContain('5');
    expect(row.textContent).toContain('高阶');
    expect(row.textContent).toContain('普通用户');
    expect((await rowOf('万象 3.5')).textContent).toContain('deepseek / deepseek-chat');
    // `children` (the models listed under an entry) is data, not a tree of rows.
    expect(screen.queryByRole('button', { name: /展开行|Expand row/ })).toBeNull();
    expect(screen.getAllByText('万象 3.5')).toHaveLength(1);
  });

  it('edits one model in the drawer and saves the whole document, tied fields set together and the rest kept', async () => {
    mountDocument('models');
    fireEvent.click(await screen.findByTestId('model-edit-v40'));
    await screen.findByTestId('model-drawer');
    fireEvent.change(field('名称'), { target: { value: 'GPT-4o 旗舰' } });
    fireEvent.change(field('每次消耗积分'), { target: { value: '8' } });
    fireEvent.click(field('高阶模型（会员标签）'));
    fireEvent.click(screen.getByTestId('drawer-ok'));
    await waitFor(() => expect(screen.queryByText('GPT-4.0')).toBeNull());
    fireEvent.click(screen.getByTestId('catalog-save'));
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1));
    expect(api.save).toHaveBeenCalledWith(
      'models',
      { models: [V35, { ...V40, label: 'GPT-4o 旗舰', consume_points: 8, high: false, vipTag: '' }] },
      3,
    );
  });

  it('checks the obvious in the form with Chinese messages and keeps the drawer open', async () => {
    mountDocument('models');
    fireEvent.click(await screen.findByTestId('model-edit-v40'));
    await screen.findByTestId('model-drawer');
    fireEvent.change(field('名称'), { target: { value: ' ' } });
    fireEvent.change(field('每次消耗积分'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('drawer-ok'));
    expect(await screen.findByText('请填写名称', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('开启积分抵扣时每次消耗积分必须大于 0', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('model-drawer')).toBeTruthy();
    expect(api.save).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal and marks the model it names', async () => {
    const refusal = '模型校验未通过：models.json: model "v40": a points-priced model needs consume_points > 0';
    refuseNextSave(refusal);
    mountDocument('models');
    await rowOf('GPT-4.0');
    await saveAndSeeRefusal(refusal);
    expectMarked(await rowOf('GPT-4.0'), true);
    expectMarked(await rowOf('万象 3.5'), false);
    // The model's drawer shows the message under the field it names.
    fireEvent.click(screen.getByTestId('model-edit-v40'));
    expect(await refusedFieldLabels('model-drawer', refusal)).toEqual(['每次消耗积分']);
  });
});
