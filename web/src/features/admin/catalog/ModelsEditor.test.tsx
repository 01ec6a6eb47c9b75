import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  saved,
  saveAndSeeRefusal,
  TIERS,
  type,
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

/** One group, listing v40 only: deleting v40 is what the server refuses, deleting v35 is not. */
const GROUPS_DOC = docOf('groups', { groups: [{ key: 'chat', label: '对话', icon: '/model-icons/default.svg', models: ['v40'] }] });

mockCatalogServer(MODELS_DOC, { tiers: TIERS, groups: GROUPS_DOC });

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the models form', { timeout: 60_000 }, () => {
  it('lists the models with vendor, price and gates', async () => {
    mountDocument('models');
    const row = await rowOf('GPT-4.0');
    expect(row.textContent).toContain('openai / gpt-4o');
    expect(row.textContent).toContain('5');
    expect(row.textContent).toContain('高阶');
    // The gate's tier name comes from the tiers document, which loads on its own (late on a busy machine).
    await waitFor(() => expect(screen.getByText('GPT-4.0').closest('tr')!.textContent).toContain('普通用户'));
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

  /** Opens 新增模型 and fills every field the form requires, with `key` as the new model's key. */
  async function fillNewModel(key: string) {
    fireEvent.click(await screen.findByTestId('model-add'));
    await screen.findByTestId('model-drawer');
    type('标识', key);
    type('名称', '通义千问 Max');
    type('简称', 'Max');
    type('分组标题', '通义');
    type('厂商', 'dashscope');
    type('上游模型', 'qwen-max');
    type('简介', '阿里云旗舰模型');
  }

  it('adds a model from the drawer: shown as changed, then saved with the file’s other fields at their defaults', async () => {
    mountDocument('models');
    await fillNewModel('qwen-max');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    const row = await rowOf('通义千问 Max');
    expect(within(row).getByText('已修改')).toBeTruthy();
    expect(within(await rowOf('GPT-4.0')).queryByText('已修改')).toBeNull();
    const sent = await saved<{ models: unknown[] }>();
    expect(sent.models.slice(0, 2)).toEqual([V35, V40]);
    expect(sent.models[2]).toEqual({
      key: 'qwen-max',
      label: '通义千问 Max',
      shortName: 'Max',
      sort_label: '通义',
      icon: '/model-icons/default.svg',
      icon_link: '/',
      desc: '阿里云旗舰模型',
      description: '阿里云旗舰模型',
      checkKey: 'chat',
      isFree: false,
      free: false,
      tags: [],
      vipTag: '',
      internetModelType: '',
      modelType: 'common',
      resloveType: 'common',
      uploadLimit: 0,
      request: '/api/v1/chat2/qwen-max',
      high: false,
      only_points: false,
      allow_points: false,
      consume_points: 0,
      isAttack: false,
      isChecked: false,
      reasoning: false,
      online: true,
      keepHistory: true,
      vendor: 'dashscope',
      upstreamModel: 'qwen-max',
      quotaKey: '',
      blockedVips: [],
    });
  });

  it('refuses a new model with required fields missing or a bad key, in Chinese, and adds nothing', async () => {
    mountDocument('models');
    fireEvent.click(await screen.findByTestId('model-add'));
    await screen.findByTestId('model-drawer');
    type('名称', '新模型');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    for (const message of ['请填写标识', '请填写简称', '请填写厂商', '请填写上游模型', '请填写简介'])
      expect(await screen.findByText(message, undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText('请填写名称')).toBeNull();
    type('标识', '新 模型');
    expect(
      await screen.findByText('标识只能包含字母、数字、.、_ 和 -，以字母或数字开头，最多 64 个字符', undefined, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('model-drawer')).toBeTruthy();
    fireEvent.click(
      within(screen.getByTestId('model-drawer'))
        .getByText(/^取\s?消$/)
        .closest('button')!,
    );
    await waitFor(() => expect(screen.queryByTestId('model-drawer')).toBeNull());
    expect(screen.queryByText('新模型')).toBeNull();
  });

  it('refuses a new model whose key is taken', async () => {
    mountDocument('models');
    await fillNewModel('v40');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    expect(await screen.findByText('模型标识 v40 已被使用', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('model-drawer')).toBeTruthy();
    expect(screen.queryByText('通义千问 Max')).toBeNull();
  });

  it('deletes a model after the confirm and saves the document without it', async () => {
    mountDocument('models');
    fireEvent.click(await screen.findByTestId('model-delete-v35'));
    expect(await screen.findByText(/删除「万象 3.5」？/)).toBeTruthy();
    fireEvent.click(await waitFor(() => document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-primary')!));
    await waitFor(() => expect(screen.queryByTestId('model-edit-v35')).toBeNull());
    expect(await saved()).toEqual({ models: [V40] });
  });

  it('warns before deleting a model a group still names, and shows the server’s refusal of that save', async () => {
    const refusal = '模型校验未通过：groups.json: group "chat" (对话) lists unknown model "v40"';
    refuseNextSave(refusal);
    mountDocument('models');
    fireEvent.click(await screen.findByTestId('model-delete-v40'));
    expect(
      await screen.findByText('「GPT-4.0」仍在模型分组「对话」中，删除后保存会被拒绝，请先在「模型分组」中移除。仍要删除？'),
    ).toBeTruthy();
    fireEvent.click(await waitFor(() => document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-primary')!));
    await waitFor(() => expect(screen.queryByTestId('model-edit-v40')).toBeNull());
    await saveAndSeeRefusal(refusal);
    expectMarked(await rowOf('万象 3.5'), false);
  });
});
