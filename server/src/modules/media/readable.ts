import type * as Jsdom from 'jsdom';

export interface ReadablePage {
  title: string;
  text: string;
}

/** Elements after which a line ends, so paragraphs, headings, list items and cells stay apart. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tr',
  'td',
  'th',
  'ul',
  'br',
]);
/** Never page text: code, styling and embedded documents. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object', 'embed', 'canvas', 'head']);

let jsdomModule: Promise<typeof Jsdom> | undefined;
// jsdom is large: load it on the first page read, not at server start.
const loadJsdom = () => (jsdomModule ??= import('jsdom'));

/** Readability gives up (and the body text is used) on documents with more elements than this. */
const MAX_ELEMENTS_FOR_READABILITY = 20_000;

/**
 * The main text of an HTML page: Mozilla Readability (Firefox Reader View) over jsdom, or, when
 * it finds no article, the text of the whole body. jsdom runs no scripts and loads no
 * resources here (its defaults, kept explicit), so a hostile page cannot act on the server.
 * CPU-heavy (seconds on a large page): the server calls it in a worker thread (extractor.ts).
 */
export async function extractReadable(html: string, url: string): Promise<ReadablePage> {
  const [{ JSDOM, VirtualConsole }, { Readability }] = await Promise.all([loadJsdom(), import('@mozilla/readability')]);
  // A silent console: page CSS and markup errors are the page's business, not our logs'.
  const parseDom = (): Jsdom.JSDOM =>
    new JSDOM(html, { url, contentType: 'text/html', runScripts: undefined, resources: undefined, virtualConsole: new VirtualConsole() });
  let dom = parseDom();
  try {
    const pageTitle = collapse(dom.window.document.title);
    let article: { title?: string | null; content?: string | null } | null = null;
    let untouched = false;
    try {
      article = new Readability(dom.window.document, { maxElemsToParse: MAX_ELEMENTS_FOR_READABILITY }).parse();
    } catch {
      // Too many elements: Readability refused before touching the document.
      untouched = true;
    }
    let text = '';
    if (article?.content) {
      const holder = dom.window.document.createElement('div');
      holder.innerHTML = article.content;
      text = textOf(holder);
    }
    if (!text) {
      // Readability rewrites the document it reads; the fallback needs the page as served.
      if (!untouched) {
        dom.window.close();
        dom = parseDom();
      }
      const body = dom.window.document.body;
      text = body ? textOf(body) : '';
    }
    return { title: collapse(article?.title ?? '') || pageTitle, text };
  } finally {
    dom.window.close();
  }
}

/** Text with one line per block, horizontal whitespace collapsed and empty lines dropped. */
export function textOf(root: Node): string {
  const parts: string[] = [];
  const walk = (node: Node): void => {
    if (node.nodeType === 3) {
      parts.push(node.nodeValue ?? '');
      return;
    }
    if (node.nodeType !== 1) return;
    const tag = (node as Element).localName;
    if (SKIPPED.has(tag)) return;
    const block = BLOCKS.has(tag);
    if (block) parts.push('\n');
    for (let child = node.firstChild; child; child = child.nextSibling) walk(child);
    if (block) parts.push('\n');
  };
  walk(root);
  return parts
    .join('')
    .split('\n')
    .map(collapse)
    .filter((line) => line.length > 0)
    .join('\n');
}

/** Runs of spaces, tabs, no-break and ideographic spaces become one space; ends trimmed. */
function collapse(s: string): string {
  return s.replace(/[\s\u00a0\u3000\u200b\ufeff]+/g, ' ').trim();
}
