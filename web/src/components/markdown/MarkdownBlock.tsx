import { createContext, memo, useContext, type AnchorHTMLAttributes, type HTMLAttributes } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import type { Element, ElementContent } from 'hast';
import { ChartBlock } from './ChartBlock';
import { CodeBlock } from './CodeBlock';
import { MermaidBlock } from './MermaidBlock';
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

/** The `code` element of a fenced block and its language (`language-xxx` class), if any. */
function fencedCode(node: Element | undefined): { code: Element; lang: string | undefined } | undefined {
  const code = node?.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
  if (!code) return undefined;
  const cls = code.properties.className;
  const langClass = Array.isArray(cls) ? cls.find((c): c is string => typeof c === 'string' && c.startsWith('language-')) : undefined;
  return { code, lang: langClass?.slice('language-'.length) };
}

/**
 * Fenced blocks: `echarts` becomes a chart (the chart model's answers), `mermaid` a diagram, any other code
 * gets a copy button. Charts and diagrams wait for their closing fence before they are drawn.
 */
function Pre({ node, children, ...rest }: HTMLAttributes<HTMLPreElement> & ExtraProps) {
  const source = useContext(BlockSource);
  const fenced = fencedCode(node);
  if (!fenced) return <pre {...rest}>{children}</pre>;
  const text = textOf(fenced.code.children);
  if (fenced.lang !== 'echarts' && fenced.lang !== 'mermaid') {
    return (
      <CodeBlock code={text.replace(/\n$/, '')} {...rest}>
        {children}
      </CodeBlock>
    );
  }
  const start = node?.position?.start.offset;
  const end = node?.position?.end.offset;
  const complete = start !== undefined && end !== undefined && isFenceClosed(source.slice(start, end));
  return fenced.lang === 'echarts' ? <ChartBlock source={text} complete={complete} /> : <MermaidBlock source={text.replace(/\n$/, '')} complete={complete} />;
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
