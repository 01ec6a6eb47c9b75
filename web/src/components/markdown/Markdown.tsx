import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { MarkdownBlock } from './MarkdownBlock';
import { splitGrowing, type SplitResult } from './blocks';
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
  // While the text grows only its tail is split again, and finished blocks keep the same
  // elements, so React skips them without comparing props.
  const split = useRef<SplitResult | null>(null);
  const { finished, tail } = useMemo(() => (split.current = splitGrowing(split.current, text)), [text]);
  const finishedElements = useMemo(() => finished.map((block, i) => <MarkdownBlock key={i} text={block} />), [finished]);
  // A reply that streamed here keeps its blocks contained after it ends: dropping containment
  // would lay out and paint the whole reply at once (a long task at the end of a long reply).
  const [streamed, setStreamed] = useState(streaming);
  if (streaming && !streamed) setStreamed(true);
  const hasMath = mayContainMath(text);
  useEffect(() => {
    if (hasMath) ensureKatexStyle();
  }, [hasMath]);

  return (
    <div
      className={`wx-markdown${streamed ? ' wx-markdown-streamed' : ''}${streaming ? ' wx-markdown-streaming' : ''}${className ? ` ${className}` : ''}`}
    >
      {[...finishedElements, <MarkdownBlock key={finished.length} text={tail} />]}
    </div>
  );
});

export default Markdown;
