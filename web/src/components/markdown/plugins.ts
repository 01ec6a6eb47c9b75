import type { Options as ReactMarkdownOptions } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeKatex from 'rehype-katex';
import rehypeHighlight from 'rehype-highlight';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import css from 'highlight.js/lib/languages/css';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

/**
 * Model output is untrusted. react-markdown never turns raw HTML into elements (no rehype-raw),
 * its URL transform drops javascript:/data: links, and rehype-sanitize runs next on what the
 * markdown produced, keeping only the classes KaTeX and highlight.js need as input. KaTeX and
 * highlight.js run after sanitizing: they build their markup from plain text, so what they add
 * is ours, not the model's.
 */
export const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    // language-* picks the highlighter grammar; remark-math marks formulas with math-*.
    code: [['className', /^language-[\w+#-]+$/, 'math-inline', 'math-display']],
  },
};

/** The languages models write most; others render as plain code (no 190-grammar bundle). */
const languages = { bash, c, cpp, css, go, java, javascript, json, python, sql, typescript, xml, yaml };

export const remarkPlugins: ReactMarkdownOptions['remarkPlugins'] = [remarkGfm, [remarkMath, { singleDollarTextMath: true }]];

/**
 * react-markdown builds a fresh processor on every render, which re-runs each plugin's setup.
 * For rehype-highlight that means a new highlighter whose grammars compile again on first use:
 * several milliseconds per streamed frame of a reply with code. Set each plugin up once and
 * hand the same transformer to every processor.
 */
function once<T>(make: () => T): () => T {
  let made: T | null = null;
  return () => (made ??= make());
}

const highlightOnce = once(() =>
  rehypeHighlight({
    languages,
    detect: false,
    plainText: ['text', 'txt', 'plain', 'plaintext'],
    aliases: { bash: ['sh', 'shell', 'zsh'] },
  }),
);
const katexOnce = once(() => rehypeKatex({ strict: 'ignore', trust: false }));
const sanitizeOnce = once(() => rehypeSanitize(sanitizeSchema));

export const rehypePlugins: ReactMarkdownOptions['rehypePlugins'] = [sanitizeOnce, katexOnce, highlightOnce];

/** True when the text may contain a formula (then KaTeX's stylesheet is needed). */
export function mayContainMath(text: string): boolean {
  return text.includes('$');
}
