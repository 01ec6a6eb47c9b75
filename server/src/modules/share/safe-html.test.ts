import { JSDOM } from 'jsdom';
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

  describe('formulas (KaTeX as MathML, the chat delimiters)', () => {
    it('renders inline formulas, also with no spaces around them as Chinese text writes them', () => {
      const html = markdownToSafeHtml('勾股定理 $a^2+b^2=c^2$，函数$f(x)$的值');
      expect(html).toMatch(/<math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML"><semantics><mrow>/);
      expect(html).toContain('<msup><mi>a</mi><mn>2</mn></msup>');
      expect(html).toContain('<annotation encoding="application/x-tex">f(x)</annotation>');
      expect(html).not.toContain('display="block"');
      expect(html).not.toContain('$');
      // The TeX source is in the annotation only, never beside the formula as text.
      expect(html.replace(/<annotation[^>]*>[^<]*<\/annotation>/g, '')).not.toContain('a^2');
    });

    it('renders a $$ block as display math, also right under a line of text', () => {
      const html = markdownToSafeHtml('公式如下：\n$$\n\\frac{1}{2}\\sum_{i=1}^n x_i\n$$\n后文');
      expect(html).toContain('<p>公式如下：</p>');
      expect(html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">');
      expect(html).toContain('<mfrac><mn>1</mn><mn>2</mn></mfrac>');
      expect(html).toContain('<munderover>');
      expect(html).toContain('<p>后文</p>');
    });

    it('keeps what KaTeX draws matrices, colours and spacing with', () => {
      const html = markdownToSafeHtml('$$\n\\begin{pmatrix}a&b\\\\c&d\\end{pmatrix} \\color{red}{x} \\hat{y}\\quad\\sqrt[3]{z}\n$$');
      expect(html).toMatch(/<mtable rowspacing="[^"]+" columnalign="center center" columnspacing="1em"><mtr><mtd>/);
      expect(html).toContain('<mstyle mathcolor="red">');
      expect(html).toContain('<mover accent="true">');
      expect(html).toContain('<mspace width="1em">');
      expect(html).toContain('<mroot>');
    });

    it('follows the chat: $$…$$ within a line is inline, escaped and code dollars stay text', () => {
      const html = markdownToSafeHtml('行内 $$a+b$$ 与 \\$5 和 \\$10，`$x$`，It costs $5.');
      expect(html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi>a</mi><mo>+</mo><mi>b</mi>');
      expect(html).not.toContain('display="block"');
      expect(html).toContain('与 $5 和 $10，<code>$x$</code>，It costs $5.');
      // remark-math (singleDollarTextMath) pairs these two dollars too, so the share page does the same.
      expect(markdownToSafeHtml('$5 and $10')).toContain('<annotation encoding="application/x-tex">5 and</annotation>');
    });

    it('leaves code blocks alone, mermaid included', () => {
      const html = markdownToSafeHtml('```mermaid\ngraph TD; A[$x$] --> B\n```\n\n```\n$$\nE=mc^2\n$$\n```');
      expect(html).toContain('<pre><code>graph TD; A[$x$] --&gt; B\n</code></pre>');
      expect(html).toContain('<pre><code>$$\nE=mc^2\n$$\n</code></pre>');
      expect(html).not.toContain('<math');
    });

    it('shows bad LaTeX as its text instead of throwing', () => {
      const html = markdownToSafeHtml('坏公式 $\\frac{1}{$ 与 $\\undefinedmacro{x}$ 之后');
      expect(html).toContain('>\\frac{1}{</span>');
      expect(html).toContain('之后');
      expect(html).not.toMatch(/style=|class=/);
    });

    it('drops script paths in and around formulas', () => {
      const html = markdownToSafeHtml(
        [
          '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">点</maction></math>',
          '<math><semantics><annotation-xml encoding="text/html"><script>alert(2)</script><img src=x onerror=alert(3)></annotation-xml></semantics></math>',
          '<math><mtext><table><mglyph><style><img src=x onerror=alert(4)></style></mglyph></table></mtext></math>',
          '<math href="javascript:alert(5)"><mi xlink:href="https://x.test" onclick="alert(6)">x</mi></math>',
          '<math><mi><svg><script>alert(7)</script></svg></mi></math>',
          '$x</annotation><img src=x onerror=alert(8)>$ 与 $\\href{javascript:alert(9)}{y}\\url{javascript:alert(10)}\\htmlClass{a}{z}$',
        ].join('\n\n'),
      );
      // Checked on the parsed page, not the text: the formula's own source is in its annotation, escaped.
      const doc = JSDOM.fragment(html);
      expect(doc.querySelectorAll('script, img, style, svg, maction, annotation-xml, mglyph')).toHaveLength(0);
      const attrs = [...doc.querySelectorAll('*')].flatMap((el) => el.getAttributeNames());
      expect(attrs.filter((a) => /^on|href|actiontype/i.test(a))).toEqual([]);
      expect(doc.querySelectorAll('annotation')).toHaveLength(2);
      expect(doc.querySelector('annotation')?.textContent).toBe('x</annotation><img src=x onerror=alert(8)>');
      expect(doc.textContent).toContain('点');
    });
  });

  it('escapeHtml escapes text for nodes and attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });
});
