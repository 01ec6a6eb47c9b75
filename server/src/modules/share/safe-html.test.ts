import { describe, expect, it } from 'vitest';
import { escapeHtml, markdownToSafeHtml } from './safe-html';

/** What a shared answer may put on our page: formatting only, never code, pictures or script links. */
describe('markdownToSafeHtml', () => {
  it('renders the formatting', () => {
    const html = markdownToSafeHtml('# 标题\n\n**粗体** 与 `代码`\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nlet x = 1;\n```');
    expect(html).toContain('<h1>标题</h1>');
    expect(html).toContain('<strong>粗体</strong>');
    expect(html).toContain('<code>代码</code>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('let x = 1;');
  });

  it('drops scripts, handlers, pictures, frames, styles and script links', () => {
    const html = markdownToSafeHtml(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n![图](https://x.test/a.png)\n\n<iframe src="https://x.test"></iframe>\n\n' +
        '<p style="position:fixed" onclick="alert(3)">段落</p>\n\n[点我](javascript:alert(4)) <a href="data:text/html,x">数据</a>\n\n<form><input></form>',
    );
    expect(html).not.toMatch(/<script|<img|<iframe|<form|<input|onerror|onclick|style=|javascript:|data:text/i);
    expect(html).toContain('段落');
  });

  it('opens links in a new tab without handing over the page', () => {
    const html = markdownToSafeHtml('[万象](https://example.com/a)');
    expect(html).toContain('href="https://example.com/a"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it('escapeHtml escapes text for nodes and attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });
});
