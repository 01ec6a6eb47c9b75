import { describe, expect, it } from 'vitest';
import type { SidebarGroup } from '@wanxiang/contract';
import { visibleGroups } from './useSidebarCatalog';

const groups: SidebarGroup[] = [
  { key: 'home', label: '首页', icon: 'home', path: '/', hideInDesktopClient: true, children: [] },
  { key: 'chat', label: '超级对话', icon: 'chat', path: '/chat?type=index', children: [] },
];

describe('visibleGroups', () => {
  it('hides the home item in desktop-client mode only (docs/product/shell-and-navigation.md §2)', () => {
    expect(visibleGroups(groups, false).map((g) => g.key)).toEqual(['home', 'chat']);
    expect(visibleGroups(groups, true).map((g) => g.key)).toEqual(['chat']);
  });
});
