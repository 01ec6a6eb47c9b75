import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { Marked, type TokenizerExtension } from 'marked';
import markedKatex from 'marked-katex-extension';

/**
 * Markdown of a shared answer as HTML that is safe to put in our own page: marked renders it, DOMPurify (the
 * sanitizer the web app uses, here on a jsdom window) keeps only plain formatting. Images, forms, frames, styles and
 * every script path are dropped: a share shows no files, and an answer must never run code on our origin. Links
 * open in a new tab without handing over the page (rel=noopener nofollow).
 *
 * Formulas are rendered by KaTeX, as the chat does (web/src/components/markdown/plugins.ts), but as MathML only:
 * browsers draw MathML Core themselves, so the page needs no KaTeX stylesheet or fonts and stays script-free.
 * The delimiters follow the chat's remark-math with singleDollarTextMath: `$…$` and `$$…$$` inline, with no spaces
 * needed around them (Chinese text writes `函数$f(x)$的值`; that is marked-katex-extension's nonStandard), and a
 * `$$` line … `$$` line as a display block. Like the chat, this makes "$5 and $10" a formula. Bad LaTeX shows as
 * its own text (throwOnError false); trust false keeps \href, \url and \html* out.
 */

const KATEX = { output: 'mathml', throwOnError: false, strict: 'ignore', trust: false, nonStandard: true } as const;

/** A `$$` fence line, its formula and the closing `$$` line: the extension's display block. */
const DISPLAY_BLOCK = /(?<=^|\n)\$\$\n(?:\\[^]|[^\\])+?\n\$\$(?:\n|$)/;

/**
 * marked-katex-extension's block has no start, so a paragraph runs on over a `$$` block right under its text
 * ("公式如下：" then the block, how models write it) and the block stays raw. This start ends the paragraph there,
 * as remark-math does; the extension's tokenizer then takes the block.
 */
const displayBlockStart: TokenizerExtension = {
  name: 'displayMathStart',
  level: 'block',
  start(src) {
    return DISPLAY_BLOCK.exec(src)?.index;
  },
  tokenizer: () => undefined,
};

const marked = new Marked({ gfm: true, breaks: true, async: false }, markedKatex(KATEX), {
  extensions: [displayBlockStart],
  // remark-math draws `$$…$$` within a line as inline math; only the block is display math.
  walkTokens(token) {
    if (token.type === 'inlineKatex') token.displayMode = false;
  },
});

const MATHML = 'http://www.w3.org/1998/Math/MathML';

let purifier: DOMPurify | null = null;

function purify(): DOMPurify {
  if (purifier) return purifier;
  const p = createDOMPurify(new JSDOM('').window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    // MathML links (Firefox follows href on any MathML element) would skip the rel above; KaTeX makes none.
    if (node.namespaceURI === MATHML) {
      node.removeAttribute('href');
      node.removeAttribute('xlink:href');
    }
  });
  purifier = p;
  return p;
}

const FORBID_TAGS = ['img', 'picture', 'source', 'video', 'audio', 'svg', 'style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'];

/**
 * DOMPurify keeps the presentation MathML KaTeX draws with; KaTeX wraps it in <semantics> with the TeX source in an
 * <annotation>, which DOMPurify drops by default (and would leave the TeX as visible text). Both are added back:
 * annotation holds only text. annotation-xml, an HTML integration point, and maction stay out.
 */
const ADD_TAGS = ['semantics', 'annotation'];

export function markdownToSafeHtml(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return purify().sanitize(html, { FORBID_TAGS, ADD_TAGS, FORBID_ATTR: ['style', 'class', 'id'], ADD_ATTR: ['target'] });
}

/** Text for an HTML text node or attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
