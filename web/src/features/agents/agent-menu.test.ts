import { describe, expect, it } from 'vitest';
import type { AgentItem } from '@wanxiang/contract';
import { mergeMenu, move, type AgentMenuItem } from '../../stores/agents';

const agent = (id: string, name: string, extra: Partial<AgentItem> = {}): AgentItem => ({
  id,
  kind: 'system',
  name,
  icon: '🤖',
  description: '',
  classify: 'office',
  model: 'glm_4_air',
  tools: [],
  suggestions: [],
  ...extra,
});
const AGENTS = [agent('h', '智能体首页'), agent('a', '甲'), agent('b', '乙', { new: true }), agent('c', '丙')];
const keys = (l: AgentMenuItem[]) => l.map((x) => x.key);

describe('agent menu (4.7)', () => {
  it('merges the server list: home first, new badges, removed ones stay out, saved order kept', () => {
    const first = mergeMenu([], AGENTS, [], []);
    expect(keys(first)).toEqual(['index', 'a', 'b', 'c']);
    expect(first.find((x) => x.key === 'b')!.new).toBe(true);
    const reordered = [first[0]!, first[3]!, first[1]!, first[2]!];
    expect(keys(mergeMenu(reordered, AGENTS, ['a'], ['b']))).toEqual(['index', 'c', 'a', 'b']);
    expect(mergeMenu(reordered, AGENTS, [], ['b']).find((x) => x.key === 'b')!.new).toBe(false);
    expect(keys(mergeMenu([], AGENTS, ['a'], []))).toEqual(['index', 'b', 'c']);
    // An agent the server no longer lists drops out.
    expect(keys(mergeMenu(first, AGENTS.slice(0, 3), [], []))).toEqual(['index', 'a', 'b']);
  });

  it('moves up, down and to the top, answering top/bottom at the ends (home stays first)', () => {
    const list = mergeMenu([], AGENTS, [], []);
    expect(move(list, 'a', 'up').result).toBe('top');
    expect(move(list, 'a', 'top').result).toBe('top');
    expect(move(list, 'c', 'down').result).toBe('bottom');
    expect(move(list, 'zz', 'down').result).toBe('missing');
    expect(keys(move(list, 'b', 'up').list)).toEqual(['index', 'b', 'a', 'c']);
    expect(keys(move(list, 'a', 'down').list)).toEqual(['index', 'b', 'a', 'c']);
    expect(keys(move(list, 'c', 'top').list)).toEqual(['index', 'c', 'a', 'b']);
  });
});
