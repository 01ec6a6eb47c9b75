import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../api/request';
import {
  catalogApi as api,
  docOf,
  expectMarked,
  mockCatalogServer,
  mountDocument,
  refusedFieldLabels,
  refuseNextSave,
  rowOf as rowWith,
  saveAndSeeRefusal,
  saved,
  type,
} from './catalog-testing';
import { isGroupsContent, modelGroupValuesOf, unknownModels, withModelGroup, type GroupsContent } from './groups-form';

vi.mock('../../../api/admin-catalog', () => import('./catalog-api-mock'));

const shipped = (name: string): unknown => JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../../server/catalog', name), 'utf8'));
/** The shipped documents: the groups edited, the models whose keys the drawer offers. */
const GROUPS = shipped('groups.json') as GroupsContent;
const GROUPS_DOC = docOf('groups', GROUPS);
const MODELS_DOC = docOf('models', shipped('models.json'));
const groupOf = (key: string) => GROUPS.groups.find((g) => g.key === key)!;

mockCatalogServer(GROUPS_DOC, { models: MODELS_DOC });

const rowOf = (key: string) => rowWith(key, { selector: 'td' });
const save = () => saved<GroupsContent>();
const same = (a: unknown, b: unknown) => expect(JSON.stringify(a)).toBe(JSON.stringify(b));
/** Picks a model in the drawer's multi-select by typing its key and choosing the option. */
const pickModel = async (key: string) => {
  const box = screen.getByLabelText('模型');
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: key } });
  const option = await waitFor(() => {
    const o = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((el) => el.textContent?.includes(`（${key}）`) || el.textContent === key);
    if (!o) throw new Error(`no option ${key}`);
    return o;
  });
  fireEvent.click(option);
};

describe('the model groups form', { timeout: 60_000 }, () => {
  it('the shipped groups.json: each group confirmed as it was saves byte-for-byte as loaded', () => {
    expect(isGroupsContent(GROUPS)).toBe(true);
    GROUPS.groups.forEach((g, i) => same(withModelGroup(GROUPS, i, modelGroupValuesOf(g)), GROUPS));
    // Every shipped group's models are in the shipped models document: the form's check passes them all.
    const known = new Set((MODELS_DOC.content as { models: { key: string }[] }).models.map((m) => m.key));
    expect(GROUPS.groups.flatMap((g) => unknownModels(g.models, known))).toEqual([]);
  });

  it('lists the shipped groups in order with their number of models', async () => {
    mountDocument('groups');
    expect((await rowOf('deepseek')).textContent).toContain(`${groupOf('deepseek').models.length} 个模型`);
    const keys = [...screen.getByTestId('groups-editor').querySelectorAll('tbody tr.ant-table-row')].map((tr) => tr.children[2]?.textContent);
    expect(keys).toEqual(GROUPS.groups.map((g) => g.key));
  });

  it('saves the shipped document unchanged when a group’s drawer is confirmed as it was', async () => {
    mountDocument('groups');
    fireEvent.click(await screen.findByTestId('groups-edit-kimi'));
    await screen.findByTestId('groups-drawer');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    await waitFor(() => expect(screen.queryByTestId('groups-drawer')).toBeNull());
    same(await save(), GROUPS);
  });

  it('moves a group up and saves the new order, nothing else changed', async () => {
    mountDocument('groups');
    // By its aria-label: a role query over the 21 rows' buttons is slow in jsdom.
    fireEvent.click(await screen.findByLabelText('上移 DeepSeek'));
    const sent = await save();
    expect(sent.groups.map((g) => g.key).slice(0, 3)).toEqual(['deepseek', 'recommend', 'chat4']);
    expect(sent).toEqual({ groups: [groupOf('deepseek'), groupOf('recommend'), ...GROUPS.groups.slice(2)] });
  });

  it('edits a group in the drawer: name, icon and a model picked from the models document, other fields kept', async () => {
    const withNote = { groups: GROUPS.groups.map((g) => (g.key === 'kimi' ? { ...g, note: 'kept' } : g)) };
    api.document.mockImplementation(async (name) => (name === 'models' ? MODELS_DOC : docOf('groups', withNote)));
    mountDocument('groups');
    fireEvent.click(await screen.findByTestId('groups-edit-kimi'));
    await screen.findByTestId('groups-drawer');
    type('名称', '月之暗面');
    type('图标', '/model-icons/default.svg');
    await pickModel('v35');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    await waitFor(() => expect(screen.queryByTestId('groups-drawer')).toBeNull());
    const sent = await save();
    const kimi = groupOf('kimi');
    expect(sent.groups.find((g) => g.key === 'kimi')).toEqual({ ...kimi, note: 'kept', label: '月之暗面', icon: '/model-icons/default.svg', models: [...kimi.models, 'v35'] });
    expect(sent.groups.filter((g) => g.key !== 'kimi')).toEqual(GROUPS.groups.filter((g) => g.key !== 'kimi'));
  });

  it('adds a group at the end with a model, and deletes another', async () => {
    mountDocument('groups');
    fireEvent.click(await screen.findByTestId('groups-add'));
    await screen.findByTestId('groups-drawer');
    type('标识', 'claude');
    type('名称', 'Claude');
    await pickModel('claude-4-opus');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    await waitFor(() => expect(screen.queryByTestId('groups-drawer')).toBeNull());
    fireEvent.click(within(await rowOf('web')).getByText(/^删\s?除$/).closest('button')!);
    fireEvent.click(await waitFor(() => document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-primary')!));
    const sent = await save();
    expect(sent.groups.at(-1)).toEqual({ key: 'claude', label: 'Claude', icon: '/model-icons/default.svg', models: ['claude-4-opus'] });
    expect(sent.groups.map((g) => g.key)).not.toContain('web');
    expect(sent.groups).toHaveLength(GROUPS.groups.length);
  });

  it('refuses in the form a bad key, a taken key, a bad icon, no models and an unknown model, in Chinese', async () => {
    mountDocument('groups');
    fireEvent.click(await screen.findByTestId('groups-edit-code'));
    await screen.findByTestId('groups-drawer');
    type('标识', 'Code');
    type('图标', 'code.png');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    expect(await screen.findByText('标识须以小写字母开头，只能含小写字母、数字、_ 和 -', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText('图标须为 /model-icons/ 下的 svg 路径，例如 /model-icons/default.svg', undefined, { timeout: 5_000 })).toBeTruthy();
    type('标识', 'kimi');
    expect(await screen.findByText('分组标识「kimi」已被使用', undefined, { timeout: 5_000 })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('模型').closest('.ant-select')!.querySelector('.ant-select-clear')!);
    fireEvent.click(screen.getByTestId('drawer-ok'));
    expect(await screen.findByText('至少选择一个模型', undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('groups-drawer')).toBeTruthy();
    expect(api.save).not.toHaveBeenCalled();
  });

  it('refuses a model the models document does not have (typed keys when it cannot be read)', async () => {
    api.document.mockImplementation(async (name) => (name === 'models' ? Promise.reject(new RequestError(500, '读取失败')) : GROUPS_DOC));
    mountDocument('groups');
    fireEvent.click(await screen.findByTestId('groups-edit-chart'));
    await screen.findByTestId('groups-drawer');
    expect(await screen.findByText('模型列表暂时无法读取：请直接输入模型标识，回车确认')).toBeTruthy();
    fireEvent.click(screen.getByTestId('drawer-ok'));
    await waitFor(() => expect(screen.queryByTestId('groups-drawer')).toBeNull());
    cleanup();

    api.document.mockImplementation(async (name) => (name === 'models' ? docOf('models', { models: [{ key: 'v35', label: 'v35' }] }) : GROUPS_DOC));
    mountDocument('groups');
    expect(await within(await rowOf('chart')).findByText('含不存在的模型')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('groups-edit-chart'));
    await screen.findByTestId('groups-drawer');
    fireEvent.click(screen.getByTestId('drawer-ok'));
    expect(await screen.findByText('模型「echarts」不在模型列表中', undefined, { timeout: 5_000 })).toBeTruthy();
  });

  it('shows the server’s refusal, marks the group it names and puts it under the models box', async () => {
    const refusal = '模型分组校验未通过：groups.json: group "kimi" (Kimi) lists unknown model "moonshot_v1_8k"';
    refuseNextSave(refusal);
    mountDocument('groups');
    await rowOf('kimi');
    await saveAndSeeRefusal(refusal);
    expectMarked(await rowOf('kimi'), true);
    expectMarked(await rowOf('doubao'), false);
    fireEvent.click(screen.getByTestId('groups-edit-kimi'));
    expect(await refusedFieldLabels('groups-drawer', refusal)).toEqual(['模型']);
  });
});
