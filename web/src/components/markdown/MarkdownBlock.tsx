import { createContext, memo, useContext, type AnchorHTMLAttributes, type HTMLAttributes } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import type { Element, ElementContent } from 'hast';
import { ChartBlock } from './ChartBlock';
import { isFenceClosed } from './chart-option';
import { rehypePlugins, remarkPlugins } from './plugins';

function Link({ href, children }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  // Model-written links open outside the app and get no opener or referrer.
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

/** The markdown source of the block being rendered: tells a finished fence from a streaming one. */
const BlockSource = createContext('');

function textOf(nodes: readonly ElementContent[]): string {
  return nodes.map((n) => (n.type === 'text' ? n.value : n.type === 'element' ? textOf(n.children) : '')).join('');
}

/** A fenced block whose language is `echarts` (the chart model's answers) becomes a chart. */
function chartCode(node: Element | undefined): Element | undefined {
  const code = node?.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
  const cls = code?.properties.className;
  return Array.isArray(cls) && cls.includes('language-echarts') ? code : undefined;
}

function Pre({ node, children, ...rest }: HTMLAttributes<HTMLPreElement> & ExtraProps) {
  const source = useContext(BlockSource);
  const code = chartCode(node);
  if (!code) return <pre {...rest}>{children}</pre>;
  const start = node?.position?.start.offset;
  const end = node?.position?.end.offset;
  const complete = start !== undefined && end !== undefined && isFenceClosed(source.slice(start, end));
  return <ChartBlock source={textOf(code.children)} complete={complete} />;
}

const components: Components = { a: Link, pre: Pre };

/** One markdown block. Memoized by its text: a finished block renders once. */
export const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return (
    <BlockSource.Provider value={text}>
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {text}
      </ReactMarkdown>
    </BlockSource.Provider>
  );
});
