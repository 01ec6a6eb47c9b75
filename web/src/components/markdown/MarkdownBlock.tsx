import { memo, type AnchorHTMLAttributes } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { rehypePlugins, remarkPlugins } from './plugins';

function Link({ href, children }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  // Model-written links open outside the app and get no opener or referrer.
  return (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

const components: Components = { a: Link };

/** One markdown block. Memoized by its text: a finished block renders once. */
export const MarkdownBlock = memo(function MarkdownBlock({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
      {text}
    </ReactMarkdown>
  );
});
