import type { Correction } from '@wanxiang/contract';

/** What the user decided for each change (absent = not decided yet). */
export type Decisions = Readonly<Record<number, 'accepted' | 'rejected'>>;

/** A run of the checked text as the diff shows it. */
export type Segment =
  | { kind: 'same'; text: string }
  | { kind: 'change'; id: number; original: string; replacement: string; decision: 'accepted' | 'rejected' | 'open' };

/** The text cut at the corrections (in order; an overlapping one is skipped: the server sends none). */
export function correctionSegments(text: string, corrections: readonly Correction[], decisions: Decisions): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const c of [...corrections].sort((a, b) => a.start - b.start)) {
    if (c.start < at || c.end > text.length) continue;
    if (c.start > at) out.push({ kind: 'same', text: text.slice(at, c.start) });
    out.push({ kind: 'change', id: c.id, original: text.slice(c.start, c.end), replacement: c.replacement, decision: decisions[c.id] ?? 'open' });
    at = c.end;
  }
  if (at < text.length) out.push({ kind: 'same', text: text.slice(at) });
  return out;
}

export function acceptedIds(decisions: Decisions): Set<number> {
  return new Set(
    Object.entries(decisions)
      .filter(([, d]) => d === 'accepted')
      .map(([id]) => Number(id)),
  );
}
