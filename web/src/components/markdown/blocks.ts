/**
 * Splits markdown into top-level blocks at blank lines, never inside a fenced code block or
 * a $$ math block, and never before an indented line (a list item's continuation). Every block
 * but the last is finished: its text cannot change as a stream appends, so it is parsed and
 * rendered once (QUALITY G11, STYLE 12).
 */
export function splitBlocks(text: string): string[] {
  const lines = text.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  let inMath = false;
  let sawBlank = false;

  const close = (): void => {
    if (current.length > 0) blocks.push(current.join('\n'));
    current = [];
  };

  for (const line of lines) {
    if (fence === null && !inMath) {
      const blank = line.trim() === '';
      if (blank) {
        sawBlank = true;
        current.push(line);
        continue;
      }
      if (sawBlank && !/^\s/.test(line)) {
        // Trailing blank lines stay with the block they follow.
        close();
      }
      sawBlank = false;
    }
    current.push(line);
    const trimmed = line.trim();
    if (fence !== null) {
      if (trimmed.startsWith(fence) && trimmed.replace(/[`~]/g, '') === '') fence = null;
      continue;
    }
    if (inMath) {
      if (trimmed.endsWith('$$')) inMath = false;
      continue;
    }
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (open) {
      fence = open[1] as string;
      continue;
    }
    if (trimmed.startsWith('$$') && !(trimmed.length > 2 && trimmed.endsWith('$$'))) inMath = true;
  }
  close();
  return blocks;
}

export interface SplitResult {
  text: string;
  /** Finished blocks: the same array (identity) as long as no block closes. */
  finished: string[];
  /** The live tail: the last block, still growing. */
  tail: string;
}

/**
 * splitBlocks for a growing text: when `text` extends `prev.text`, only the previous tail and
 * what was appended are split again (finished blocks cannot change), so a streamed frame costs
 * the size of the tail, not of the whole reply (QUALITY G11). Same blocks as splitBlocks.
 */
export function splitGrowing(prev: SplitResult | null, text: string): SplitResult {
  if (prev && text.startsWith(prev.text)) {
    let offset = 0;
    for (const b of prev.finished) offset += b.length + 1;
    const rest = splitBlocks(text.slice(offset));
    const tail = rest.pop() ?? '';
    const finished = rest.length === 0 ? prev.finished : prev.finished.concat(rest);
    return { text, finished, tail };
  }
  const blocks = splitBlocks(text);
  const tail = blocks.pop() ?? '';
  return { text, finished: blocks, tail };
}
