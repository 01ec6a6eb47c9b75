/**
 * A character diff of a paragraph and its rewrite (longest common subsequence), as runs of kept,
 * removed and added text, for the old-vs-new view of 降AI率. Paragraphs are at most
 * AIGC_PARAGRAPH_MAX characters, so the quadratic table stays small (about 1.4 M cells).
 */
export interface DiffRun {
  op: 'same' | 'del' | 'add';
  text: string;
}

export function diffChars(before: string, after: string): DiffRun[] {
  const a = [...before];
  const b = [...after];
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: length of the LCS of a[i..] and b[j..], in one flat array.
  const w = m + 1;
  const lcs = new Uint16Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    }
  }
  const runs: DiffRun[] = [];
  const push = (op: DiffRun['op'], ch: string) => {
    const last = runs[runs.length - 1];
    if (last && last.op === op) last.text += ch;
    else runs.push({ op, text: ch });
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push('same', a[i]!);
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!) push('del', a[i++]!);
    else push('add', b[j++]!);
  }
  while (i < n) push('del', a[i++]!);
  while (j < m) push('add', b[j++]!);
  return runs;
}
