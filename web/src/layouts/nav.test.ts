import { describe, expect, it } from 'vitest';
import { isNavActive, MOBILE_TABS, TOP_NAV } from './nav';

describe('navigation data', () => {
  it('holds the top navigation of docs/product/shell-and-navigation.md §2 in order', () => {
    expect(TOP_NAV.map((n) => n.to)).toEqual(['/', '/deepseek', '/stage?index=0', '/whiteboard', '/PdfTools', '/equity?type=chat']);
    expect(TOP_NAV.find((n) => n.to === '/deepseek')?.badge).toBe('全家桶');
  });

  it('marks the current page', () => {
    expect(isNavActive('/', '/')).toBe(true);
    expect(isNavActive('/', '/draw')).toBe(false);
    expect(isNavActive('/chat?type=index', '/msg')).toBe(true);
    expect(isNavActive('/draw', '/draw/text2image')).toBe(true);
    expect(isNavActive('/draw', '/drawing')).toBe(false);
    expect(isNavActive('/stage?index=0', '/stage')).toBe(true);
  });

  it('holds the mobile header menu of docs/product/shell-and-navigation.md §2 in order, new badges on three tabs', () => {
    // prettier-ignore
    expect(MOBILE_TABS.map((t) => t.label)).toEqual([
      '客户端下载', '首页', 'AI对话', '智能体', '数据分析', 'AI应用', 'AI绘画', '功能', '模型', '文档', '语音', '翻译', '写作',
      '视频处理', 'AIGC检测', 'AIGC降重', 'AI视频', '音乐', '论文',
    ]);
    expect(MOBILE_TABS.filter((t) => t.isNew).map((t) => t.label)).toEqual(['智能体', '数据分析', 'AI应用']);
    expect(new Set(MOBILE_TABS.map((t) => t.to)).size).toBe(MOBILE_TABS.length);
    expect(MOBILE_TABS.every((t) => t.to.startsWith('/'))).toBe(true);
  });
});
