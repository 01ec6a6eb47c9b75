import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomModelEntry, ModelEntry, ModelWebRes } from '@wanxiang/contract';

const custom: CustomModelEntry = {
  id: 7,
  key: 'custom_7',
  icon: '',
  label: '我的模型',
  isFree: false,
  tags: [],
  vipTag: '',
  resloveType: 'customer',
  uploadLimit: 0,
  consume_points: 0,
  only_points: false,
  functions: ['llm'],
  company: '我的厂商',
  model_id: 'my-model',
  api_url: 'https://api.example.com/v1',
};

vi.mock('../api/models', () => ({
  fetchWebModels: vi.fn(
    async (): Promise<ModelWebRes> => ({ list: [{ key: 'v35', label: 'GPT-3.5' } as ModelEntry], groups: [], demo: true }),
  ),
}));
vi.mock('../api/providers', () => ({ getModelList: vi.fn(async () => [custom]) }));

const { useCatalogStore } = await import('./chat-catalog');
const { useUserStore } = await import('./user');

describe('chat catalog and the session', () => {
  beforeEach(() => {
    useUserStore.setState({ token: '', user: null });
    useCatalogStore.setState({ status: 'idle', list: [], groups: [], byKey: {}, demo: false });
  });

  it('a guest sees no custom models; logging in brings them in without a page reload; logging out takes them away', async () => {
    await useCatalogStore.getState().load();
    expect(Object.keys(useCatalogStore.getState().byKey)).toEqual(['v35']);

    useUserStore.setState({ token: 'tok' });
    await vi.waitFor(() => expect(useCatalogStore.getState().byKey.custom_7?.resloveType).toBe('customer'));
    // The list stayed on screen while it refreshed.
    expect(useCatalogStore.getState().status).toBe('ready');

    useUserStore.setState({ token: '' });
    await vi.waitFor(() => expect(useCatalogStore.getState().byKey.custom_7).toBeUndefined());
    expect(useCatalogStore.getState().byKey.v35).toBeDefined();
  });

  it('does not load a catalog no screen has asked for', async () => {
    useUserStore.setState({ token: 'tok' });
    await Promise.resolve();
    expect(useCatalogStore.getState().status).toBe('idle');
  });
});
