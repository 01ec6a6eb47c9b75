import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ToolSpec } from '@wanxiang/contract';

const calls: string[] = [];
vi.mock('../api/request', () => ({
  get: (path: string) => {
    calls.push(path);
    return Promise.resolve({ tools: { 'ai-naming': { enabled: false, points: 9, quotaKey: 'tool_writing' } } });
  },
}));

const { withSettings } = await import('./useToolSpec');
const { useToolSettings, TOOL_SETTINGS_TTL_MS } = await import('../stores/tool-settings');

describe('tool settings over the bundled registry', () => {
  const tool = { id: 'x', points: 2, quotaKey: 'tool_generate' } as ToolSpec;

  it('leave a tool the operator did not change as it is (the same object)', () => {
    expect(withSettings(tool, undefined)).toEqual({ tool, disabled: false });
    expect(withSettings(tool, { enabled: true, points: 2, quotaKey: 'tool_generate' }).tool).toBe(tool);
  });

  it('put the price and quota key in force, and say when the tool is switched off', () => {
    const { tool: merged, disabled } = withSettings(tool, { enabled: false, points: 9, quotaKey: 'tool_writing' });
    expect(merged).toMatchObject({ id: 'x', points: 9, quotaKey: 'tool_writing' });
    expect(disabled).toBe(true);
    expect(tool.points).toBe(2);
  });

  beforeEach(() => {
    calls.length = 0;
    useToolSettings.setState({ tools: {}, loadedAt: 0 });
  });

  it('are read once, then again only after a minute; concurrent reads share one request', async () => {
    const store = useToolSettings.getState();
    await Promise.all([store.refresh(1_000_000), store.refresh(1_000_000)]);
    expect(calls).toEqual(['/v1/tools/overrides']);
    expect(useToolSettings.getState().tools['ai-naming']).toMatchObject({ enabled: false, points: 9 });
    const loadedAt = useToolSettings.getState().loadedAt;
    await useToolSettings.getState().refresh(loadedAt + TOOL_SETTINGS_TTL_MS - 1);
    expect(calls).toHaveLength(1);
    await useToolSettings.getState().refresh(loadedAt + TOOL_SETTINGS_TTL_MS + 1);
    expect(calls).toHaveLength(2);
  });
});
