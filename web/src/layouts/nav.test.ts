import { describe, expect, it } from 'vitest';
import { isNavActive, SIDE_NAV, TOP_NAV } from './nav';

describe('navigation data', () => {
  it('holds the top navigation of shell 2.2 in order', () => {
    expect(TOP_NAV.map((n) => n.to)).toEqual(['/', '/deepseek', '/stage?index=0', '/whiteboard', '/PdfTools', '/equity?type=chat']);
    expect(TOP_NAV.find((n) => n.to === '/deepseek')?.badge).toBe('全家桶');
  });

  it('opens the chat with the index model from the sidebar', () => {
    expect(SIDE_NAV.find((n) => n.key === 'chat')?.to).toBe('/chat?type=index');
  });

  it('marks the current page', () => {
    expect(isNavActive('/', '/')).toBe(true);
    expect(isNavActive('/', '/draw')).toBe(false);
    expect(isNavActive('/chat?type=index', '/msg')).toBe(true);
    expect(isNavActive('/draw', '/draw/text2image')).toBe(true);
    expect(isNavActive('/draw', '/drawing')).toBe(false);
    expect(isNavActive('/stage?index=0', '/stage')).toBe(true);
  });
});
