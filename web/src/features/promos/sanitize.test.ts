import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('operator HTML sanitizing', () => {
  it('keeps formatting and drops scripts, handlers, iframes, styles and javascript: links', () => {
    const out = sanitizeHtml(
      '<p>会员<b>翻倍</b></p><script>alert(1)</script><img src="x" onerror="alert(2)"><iframe src="https://x"></iframe>' +
        '<a href="javascript:alert(3)">坏链接</a><p style="position:fixed">遮罩</p>',
    );
    expect(out).toContain('<p>会员<b>翻倍</b></p>');
    expect(out).not.toMatch(/script|onerror|iframe|javascript:|style=/i);
    expect(out).toContain('坏链接');
    expect(out).toContain('遮罩');
  });

  it('links open in a new tab without access to the app', () => {
    const out = sanitizeHtml('<a href="https://example.com">详情</a>');
    expect(out).toContain('href="https://example.com"');
    expect(out).toContain('target="_blank"');
    expect(out).toContain('rel="noopener noreferrer"');
  });
});
