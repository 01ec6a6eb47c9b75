import { memo, useEffect, useMemo } from 'react';
import { MarkdownBlock } from './MarkdownBlock';
import { splitBlocks } from './blocks';
import { ensureKatexStyle } from './katex-style';
import { mayContainMath } from './plugins';
import 'highlight.js/styles/github.css';
import './markdown.css';

export interface MarkdownProps {
  text: string;
  /** The text is still growing: show a caret after the live block. */
  streaming?: boolean;
  className?: string;
}

/**
 * Sanitized markdown (GFM tables, math, highlighted code) built for streaming: the text is
 * split into blocks; finished blocks are memoized by content (keys are stable positions), so
 * each new chunk re-parses only the live tail (QUALITY G11).
 */
export const Markdown = memo(function Markdown({ text, streaming = false, className }: MarkdownProps) {
  const blocks = useMemo(() => splitBlocks(text), [text]);
  const hasMath = mayContainMath(text);
  useEffect(() => {
    if (hasMath) ensureKatexStyle();
  }, [hasMath]);

  return (
    <div className={`wx-markdown${streaming ? ' wx-markdown-streaming' : ''}${className ? ` ${className}` : ''}`}>
      {blocks.map((block, i) => (
        <MarkdownBlock key={i} text={block} />
      ))}
    </div>
  );
});

export default Markdown;
