import { describe, expect, it } from 'vitest';
import type { SidebarGroup } from '@wanxiang/contract';
import { activeGroupKey, isItemActive } from './match';

const g = (key: string, path: string | undefined, children: string[]): SidebarGroup => ({
  key,
  label: key,
  icon: key,
  path,
  children: children.map((p, i) => ({ key: `${key}${i}`, label: p, path: p })),
});
const groups = [
  g('home', '/', []),
  g('chat', '/chat?type=index', ['/chat?type=deepseek-r1']),
  g('image', '/newdraw', ['/draw/text_image2']),
  g('video', '/video', ['/video/create/text']),
  g('other', undefined, ['/msg', '/draw']),
];

describe('sidebar active entry', () => {
  it('matches sub-items on path and query', () => {
    expect(isItemActive('/chat?type=deepseek-r1', '/chat', '?type=deepseek-r1')).toBe(true);
    expect(isItemActive('/chat?type=deepseek-r1', '/chat', '?type=grok-4')).toBe(false);
    expect(isItemActive('/chat?type=deepseek-r1', '/msg', '?type=deepseek-r1&id=3')).toBe(true);
    expect(isItemActive('/chat?type=deepseek-r1', '/msg', `?type=${btoa('deepseek-r1')}`)).toBe(true);
    expect(isItemActive('/chat?type=deepseek-r1', '/msg', `?type=${btoa('grok-4')}`)).toBe(false);
    expect(isItemActive('/AIMusic', '/aimusic', '')).toBe(true);
    expect(isItemActive('/video', '/video/create/text', '')).toBe(false);
  });

  it('lights one group: the first holding the page, home only on /', () => {
    expect(activeGroupKey(groups, '/')).toBe('home');
    expect(activeGroupKey(groups, '/chat')).toBe('chat');
    expect(activeGroupKey(groups, '/msg')).toBe('chat');
    expect(activeGroupKey(groups, '/draw/text_image2')).toBe('image');
    expect(activeGroupKey(groups, '/draw')).toBe('other');
    expect(activeGroupKey(groups, '/video/human/video')).toBe('video');
    expect(activeGroupKey(groups, '/console/points')).toBeNull();
  });
});
