import { describe, expect, it } from 'vitest';
import type { ModelEntry, ToolSpec, UsageItem } from '@wanxiang/contract';
import { chatLink, deepseekModels, deepseekTools, flattenModels, officeModels, officeTools, usageOf } from './models';

function model(key: string, over: Partial<ModelEntry> = {}): ModelEntry {
  return { key, label: key, online: true, resloveType: 'common', checkKey: 'chat', vendor: 'openai', tags: [], ...over } as ModelEntry;
}

function tool(id: string, over: Partial<ToolSpec> = {}): ToolSpec {
  return { id, paths: [`/${id}`], title: id, description: '', group: 'writing', icon: '✍️', kind: 'prompt', output: 'markdown', fields: [], quotaKey: 'q', points: 0, ...over };
}

describe('catalog views', () => {
  const list = [
    model('index', { children: [model('deepseek-r1', { resloveType: 'deepSeek' }), model('gpt')] }),
    model('deepseek-v3', { resloveType: 'deepSeek', online: false }),
    model('DeepSeek_V3', { label: 'DeepSeek V3 (旧)' }),
    model('deepseek-r1', { resloveType: 'deepSeek' }),
    model('doc-reader', { resloveType: 'file' }),
    model('official', { checkKey: 'hat_official' }),
    model('offline-doc', { resloveType: 'file', online: false }),
  ];

  it('flattens children once', () => {
    expect(flattenModels(list).map((m) => m.key)).toEqual(['index', 'deepseek-r1', 'gpt', 'deepseek-v3', 'DeepSeek_V3', 'doc-reader', 'official', 'offline-doc']);
  });

  it('finds the DeepSeek family, online first', () => {
    expect(deepseekModels(list).map((m) => m.key)).toEqual(['deepseek-r1', 'DeepSeek_V3', 'deepseek-v3']);
  });

  it('finds tools that can answer with DeepSeek or name it', () => {
    const tools = [tool('a', { modelSwitch: true }), tool('b'), tool('c', { kind: 'page', output: 'page', keywords: ['DeepSeek'] }), tool('deepseek', { keywords: ['deepseek'] })];
    expect(deepseekTools(tools, ['deepseek-v3']).map((t) => t.id)).toEqual(['a', 'c']);
    expect(deepseekTools(tools, ['glm']).map((t) => t.id)).toEqual(['c']);
  });

  it('picks office models and office tools', () => {
    expect(officeModels(list).map((m) => m.key)).toEqual(['doc-reader', 'official']);
    const tools = [tool('x', { scenarios: ['office'] }), tool('y', { scenarios: ['life'] }), tool('modelOffice', { scenarios: ['office'] })];
    expect(officeTools(tools).map((t) => t.id)).toEqual(['x']);
  });

  it('reads a quota key of the usage list and builds chat links', () => {
    const items = [{ key: 'chat', name: '对话', max: 10, balance: 3 } as UsageItem];
    expect(usageOf(items, 'chat')?.balance).toBe(3);
    expect(usageOf(items, 'chat_v40')).toBeNull();
    expect(chatLink('deepseek r1')).toBe('/chat?type=deepseek%20r1');
  });
});
