import { describe, expect, it } from 'vitest';
import { LIMITS, MSG, type ModelEntry, type ModelGroup } from '@wanxiang/contract';
import {
  ALL_GROUPS,
  CURATED_TAB,
  CUSTOM_TAB,
  customModels,
  distinctByLabel,
  filterMenuModels,
  initialMenuTab,
  menuModels,
  recommendedTiles,
  switchRefusal,
} from './menu-data';

function model(key: string, extra: Partial<ModelEntry> = {}): ModelEntry {
  return {
    key,
    label: key.toUpperCase(),
    sort_label: key,
    shortName: key,
    icon: '',
    icon_link: '',
    desc: `${key} 的介绍`,
    description: '',
    checkKey: 'chat',
    isFree: true,
    free: true,
    tags: [],
    vipTag: '',
    internetModelType: '',
    modelType: 'common',
    resloveType: 'common',
    uploadLimit: 0,
    request: '',
    high: false,
    only_points: false,
    allow_points: false,
    consume_points: 0,
    isAttack: false,
    isChecked: false,
    reasoning: false,
    online: true,
    keepHistory: true,
    vendor: 'deepseek',
    ...extra,
  };
}

const list = ['index', 'v35', 'r1', 'v3', 'glm', 'kimi', 'qwen', 'echarts', 'doubao'].map((k) =>
  model(k, k === 'glm' ? { tags: ['旗舰'] } : {}),
);
const byKey = Object.fromEntries(list.map((m) => [m.key, m]));
const groups: ModelGroup[] = [
  { key: 'recommend', label: '推荐', icon: '', models: ['index', 'r1', 'v3', 'glm', 'kimi', 'qwen', 'doubao', 'v35', 'gone'] },
  { key: 'deepseek', label: 'DeepSeek', icon: '', models: ['r1', 'v3'] },
  { key: 'chart', label: '图表模型', icon: '', models: ['echarts'] },
];

describe('model menu data', () => {
  it('lists every group model once, in menu order, skipping unknown keys', () => {
    expect(menuModels(groups, byKey).map((m) => m.key)).toEqual(['index', 'r1', 'v3', 'glm', 'kimi', 'qwen', 'doubao', 'v35', 'echarts']);
  });

  it('filters by group and searches by name, key, description or tag', () => {
    expect(filterMenuModels({ groups, byKey, group: 'deepseek', query: '' }).map((m) => m.key)).toEqual(['r1', 'v3']);
    expect(filterMenuModels({ groups, byKey, group: ALL_GROUPS, query: '旗舰' }).map((m) => m.key)).toEqual(['glm']);
    expect(filterMenuModels({ groups, byKey, group: ALL_GROUPS, query: 'ECHARTS' }).map((m) => m.key)).toEqual(['echarts']);
    expect(filterMenuModels({ groups, byKey, group: 'deepseek', query: 'echarts' })).toEqual([]);
    expect(filterMenuModels({ groups, byKey, group: 'nope', query: '' })).toHaveLength(9);
  });

  it('opens the custom cloud tab (spec default 1) only when there are custom models', () => {
    expect(customModels(list)).toEqual([]);
    expect(initialMenuTab(0)).toBe(CURATED_TAB);
    const withCustom = [...list, model('my-bot', { resloveType: 'customer' })];
    expect(customModels(withCustom).map((m) => m.key)).toEqual(['my-bot']);
    expect(initialMenuTab(1)).toBe(CUSTOM_TAB);
  });

  it('recommends 6 models on desktop and 5 on mobile, never the open one, with a counted more tile', () => {
    const rec = menuModels([groups[0]!], byKey);
    const all = menuModels(groups, byKey);
    const desktop = recommendedTiles(rec, all, 'index', false);
    expect(desktop.tiles.map((m) => m.key)).toEqual(['r1', 'v3', 'glm', 'kimi', 'qwen', 'doubao']);
    expect(desktop.tiles).toHaveLength(LIMITS.recommendedModelsDesktop);
    const mobile = recommendedTiles(rec, all, 'r1', true);
    expect(mobile.tiles.map((m) => m.key)).toEqual(['index', 'v3', 'glm', 'kimi', 'qwen']);
    expect(desktop).toMatchObject({ moreCount: 9, showCount: true });
    expect(recommendedTiles(rec.slice(0, 3), rec.slice(0, 3), 'index', false)).toMatchObject({ moreCount: 3, showCount: false });
  });

  it('refuses a switch while a reply streams, and to an offline model (still listed)', () => {
    expect(switchRefusal(true, model('v3'))).toBe(MSG.switchModelWhileLoading);
    expect(switchRefusal(false, model('v3', { online: false }))).toBe(MSG.modelOffline);
    expect(switchRefusal(false, model('v3'))).toBeNull();
    const offline = { ...byKey, kimi: model('kimi', { online: false }) };
    expect(filterMenuModels({ groups, byKey: offline, group: ALL_GROUPS, query: '' }).map((m) => m.key)).toContain('kimi');
  });

  it('lists a name once: alias keys of one model collapse, the open one keeps the place', () => {
    const aliases = [model('deepseek-v3', { label: 'DeepSeek-V3' }), model('r1'), model('deepseek_v3', { label: 'DeepSeek-V3' })];
    expect(distinctByLabel(aliases).map((m) => m.key)).toEqual(['deepseek-v3', 'r1']);
    expect(distinctByLabel(aliases, 'deepseek_v3').map((m) => m.key)).toEqual(['deepseek_v3', 'r1']);
  });
});
