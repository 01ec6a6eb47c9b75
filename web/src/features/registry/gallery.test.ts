import { describe, expect, it } from 'vitest';
import { PENDING_ROUTES, TOOLS, type PendingRoute, type ToolSpec } from '@wanxiang/contract';
import { appItems, familyCounts, filterItems, functionItems, functionViewOf, galleryItems, groupItems, scenarioItems } from './gallery';

function tool(id: string, over: Partial<ToolSpec> = {}): ToolSpec {
  return {
    id,
    paths: [`/x/${id}`],
    title: id,
    description: `${id} 的说明`,
    group: 'generate',
    icon: '✨',
    kind: 'prompt',
    output: 'markdown',
    fields: [],
    quotaKey: 'tool_generate',
    points: 0,
    ...over,
  };
}

const pending = (path: string, title: string, group: PendingRoute['group']): PendingRoute => ({ path, title, group, issue: 13 });

describe('galleryItems', () => {
  it('lists tools, pages with scenarios, then pending routes once per title', () => {
    const tools = [
      tool('naming', { scenarios: ['life'] }),
      tool('chatPage', { kind: 'page', output: 'page', group: 'chat', scenarios: ['office'] }),
      tool('vipPage', { kind: 'page', output: 'page', group: 'account' }),
    ];
    const items = galleryItems(tools, [pending('/draw/a', 'AI改图', 'draw'), pending('/draw/b', 'AI改图', 'draw'), pending('/x/naming', 'naming', 'generate')]);
    expect(items.map((i) => i.id)).toEqual(['naming', 'chatPage', 'pending:/draw/a']);
    const waiting = items.at(-1)!;
    expect(waiting.kind).toBe('pending');
    expect(waiting.scenarios).toContain('image');
  });

  it('covers every pending route title of the real registry and no page without a scenario', () => {
    const items = galleryItems();
    for (const p of PENDING_ROUTES.filter((r) => !TOOLS.some((t) => t.paths.includes(r.path)))) {
      expect(items.some((i) => i.title === p.title && i.group === p.group), p.path).toBe(true);
    }
    expect(items.some((i) => i.id === 'vip' || i.id === 'agentDetail')).toBe(false);
  });
});

describe('filters and groups', () => {
  const items = galleryItems(
    [tool('naming', { title: 'AI起名', keywords: ['名字'], scenarios: ['life'] }), tool('doc', { title: '公文写作', group: 'writing', scenarios: ['office'] })],
    [pending('/doc/x', '文档翻译', 'translate')],
  );

  it('matches title, description and keywords, ignoring case and blanks', () => {
    expect(filterItems(items, '名字').map((i) => i.id)).toEqual(['naming']);
    expect(filterItems(items, '  ').length).toBe(3);
    expect(filterItems(items, 'NAMING 的').map((i) => i.id)).toEqual(['naming']);
    expect(filterItems(items, '不存在')).toEqual([]);
  });

  it('groups in registry order and puts built items before pending ones', () => {
    const sections = groupItems(items);
    expect(sections.map((s) => s.group)).toEqual(['generate', 'writing', 'translate']);
    const office = scenarioItems(items, 'office');
    expect(office.map((i) => i.kind)).toEqual(['prompt', 'pending']);
  });

  it('maps /function paths to their view', () => {
    expect(functionViewOf('/function/image')).toBe('image');
    expect(functionViewOf('/function/office/')).toBe('office');
    expect(functionViewOf('/function/all')).toBe('all');
    expect(functionViewOf('/function/other')).toBe('all');
    expect(functionItems(items, 'all').length).toBe(3);
    expect(functionItems(items, 'study').map((i) => i.id)).toEqual(['pending:/doc/x']);
  });

  it('counts built and pending per family', () => {
    const counts = familyCounts(items);
    expect(counts.find((c) => c.group === 'translate')).toEqual({ group: 'translate', built: 0, pending: 1, examples: ['文档翻译'] });
    expect(counts.find((c) => c.group === 'generate')?.built).toBe(1);
  });

  it('lists prompt tools as apps, by group', () => {
    const tools = [tool('a'), tool('b', { kind: 'task', output: 'image' }), tool('c', { group: 'writing' }), tool('p', { kind: 'page', output: 'page' })];
    expect(appItems(tools).map((t) => t.id)).toEqual(['a', 'c']);
    expect(appItems(tools, 'writing').map((t) => t.id)).toEqual(['c']);
  });
});
