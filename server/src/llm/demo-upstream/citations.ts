/**
 * Web-search context in the demo upstream: the chat puts the sources it found into a system
 * message under this header, numbered [1], [2]... (modules/chat/web-search.ts). The demo answer
 * then cites them the way a real model is asked to, so the networked flow can be tried offline.
 */
const HEADER = '【联网搜索结果】';
const SOURCE_LINE = /^\[(\d{1,2})\] (.+)$/gm;
const MAX_CITED = 5;

/** The numbered source titles of the search context in the system text; [] without one. */
export function searchSourcesIn(systemText: string): { n: number; title: string }[] {
  const at = systemText.indexOf(HEADER);
  if (at < 0) return [];
  const out: { n: number; title: string }[] = [];
  for (const m of systemText.slice(at).matchAll(SOURCE_LINE)) {
    out.push({ n: Number(m[1]), title: m[2]!.replace(/[`|*_#<>[\]\\$]/g, '').trim() });
    if (out.length >= MAX_CITED) break;
  }
  return out;
}

/** Markdown lines citing each source by its number (empty when there is no search context). */
export function citationLines(systemText: string): string[] {
  const sources = searchSourcesIn(systemText);
  if (sources.length === 0) return [];
  return [
    '### 联网资料',
    '',
    '结合联网搜索到的网页资料，要点如下：',
    '',
    ...sources.map((s) => `- 「${s.title}」提供了与问题相关的信息 [${s.n}]。`),
    '',
  ];
}
