import { memo, useEffect, useMemo, useRef, useState, type ReactElement, type RefObject } from 'react';
import { MarkdownBlock } from './MarkdownBlock';
import { splitGrowing, type SplitResult } from './blocks';
import { ensureKatexStyle } from './katex-style';
import { mayContainMath } from './plugins';
import 'highlight.js/styles/github.css';
import './markdown.css';
import './code.css';

/** Finished blocks per group (see groupBlocks). */
export const GROUP_SIZE = 16;

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
  const blockElements = useRef<ReactElement<{ text: string }>[]>([]);
  const finishedElements = useMemo(() => groupBlocks(finished, blockElements), [finished]);
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

/**
 * Finished blocks in groups of GROUP_SIZE, each group one element (`.wx-md-group`, its own paint
 * layer): a streamed frame lays out and paints a few clean groups plus the live tail instead of
 * every block of a long reply (QUALITY G11). The groups take part in margin collapsing like the
 * blocks would, so spacing is unchanged. Block elements are kept across calls (same identity:
 * React skips them), only the group that grew is rebuilt.
 */
function groupBlocks(finished: string[], cache: RefObject<ReactElement<{ text: string }>[]>): ReactElement[] {
  const elements = cache.current;
  let same = 0;
  while (same < elements.length && same < finished.length && elements[same]?.props.text === finished[same]) same++;
  elements.length = same;
  for (let i = same; i < finished.length; i++) elements.push(<MarkdownBlock key={i} text={finished[i] as string} />);
  const groups: ReactElement[] = [];
  for (let g = 0; g * GROUP_SIZE < finished.length; g++) {
    groups.push(
      <div key={`g${g}`} className="wx-md-group">
        {elements.slice(g * GROUP_SIZE, (g + 1) * GROUP_SIZE)}
      </div>,
    );
  }
  return groups;
}

export default Markdown;
