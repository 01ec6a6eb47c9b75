/**
 * What the demo upstream answers for documents (no vendor key): computed here from the document itself and sent
 * as the given answer (llm/demo-upstream/given-answer.ts), so a demo summary keeps the document's headings and a
 * demo outline keeps its chapters or an old deck's slide titles. Deterministic; no model involved.
 */

/** Given answers travel in one request header to the demo upstream (16 KB of headers): at most this many characters. */
export const DEMO_ANSWER_MAX_CHARS = 3_000;

interface Line {
  level: number;
  text: string;
  bullet: boolean;
}

const clip = (s: string, n: number) => ([...s].length > n ? `${[...s].slice(0, n - 1).join('')}…` : s);

function linesOf(markdown: string): Line[] {
  const out: Line[] = [];
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const h = /^(#{1,6})\s+(.+)$/.exec(line);
    if (h) out.push({ level: h[1]!.length, text: h[2]!.trim(), bullet: false });
    else {
      const b = /^(?:[-*+•]|\d{1,2}[.、)])\s+(.+)$/.exec(line);
      out.push({ level: 0, text: (b ? b[1]! : line).trim(), bullet: Boolean(b) });
    }
  }
  return out;
}

/** The first sentence of a paragraph, clipped. */
function firstSentence(text: string, max = 60): string {
  const s = /^.+?[。！？!?；;]/.exec(text)?.[0] ?? text;
  return clip(s.trim(), max);
}

/** Whole lines up to `max` characters (a cut never splits a line). */
export function capLines(text: string, max = DEMO_ANSWER_MAX_CHARS): string {
  if (text.length <= max) return text;
  const out: string[] = [];
  let used = 0;
  for (const line of text.split('\n')) {
    if (used + line.length + 1 > max) break;
    out.push(line);
    used += line.length + 1;
  }
  return out.join('\n');
}

/**
 * An extractive summary of one chunk: every heading, then the first sentence of each paragraph while
 * `target` characters allow (headings are never dropped, so the structure survives).
 */
export function demoCondense(chunk: string, target: number): string {
  const lines = linesOf(chunk);
  const headingChars = lines.filter((l) => l.level > 0).reduce((n, l) => n + l.text.length + l.level + 2, 0);
  let left = Math.max(0, target - headingChars);
  const out: string[] = [];
  for (const l of lines) {
    if (l.level > 0) {
      out.push(`${'#'.repeat(l.level)} ${clip(l.text, 60)}`);
      continue;
    }
    const s = firstSentence(l.text);
    if (s.length + 3 > left) continue;
    out.push(`- ${s}`);
    left -= s.length + 3;
  }
  return capLines(out.join('\n'), Math.min(DEMO_ANSWER_MAX_CHARS, Math.max(target, 200)));
}

interface Slide {
  title: string;
  bullets: string[];
}

/** Bullets of a slide: the lines under it, each its first sentence, at most 5. */
const bulletsOf = (lines: Line[]) => lines.map((l) => firstSentence(l.text, 40)).filter((b) => [...b].length >= 2).slice(0, 5);

/**
 * A demo outline that follows the document: `# title`, chapters from its `##` headings (or, for an old deck,
 * its slides grouped three to a chapter), a `###` slide per sub-heading (per old slide), bullets from the text
 * under each. Undefined when the document has no headings: the demo upstream's own outline answers then.
 */
export function demoDocOutline(markdown: string, from: 'doc' | 'oldPpt', fallbackTitle: string): string | undefined {
  const lines = linesOf(markdown);
  const headings = lines.filter((l) => l.level > 0);
  if (headings.length === 0) return undefined;
  const top = Math.min(...headings.map((h) => h.level));
  // The document's own title: a lone top heading (a DOCX title, an old deck's cover) or the file name.
  const titled = headings.filter((h) => h.level === top).length === 1 && headings.length > 1;
  const title = titled ? headings[0]!.text : fallbackTitle;
  const chapterLevel = titled ? Math.min(...headings.filter((h) => h.level > top).map((h) => h.level)) : top;
  const body = titled ? lines.slice(lines.indexOf(headings[0]!) + 1) : lines;
  const cover = titled ? body.filter((_, i) => i < body.findIndex((l) => l.level > 0)).map((l) => l.text) : [];

  const chapters: { title: string; slides: Slide[]; own: Line[] }[] = [];
  let slide: Slide | null = null;
  let pending: Line[] = [];
  const flush = () => {
    const ch = chapters.at(-1);
    if (slide) slide.bullets = bulletsOf(pending);
    else if (ch) ch.own.push(...pending);
    pending = [];
  };
  for (const l of body) {
    if (l.level === 0) {
      pending.push(l);
      continue;
    }
    if (l.level < chapterLevel) continue;
    flush();
    if (from === 'oldPpt') {
      // Every old slide stays a slide of its own, in order, three to a chapter (named by its slides below).
      if (!chapters.length || chapters.at(-1)!.slides.length >= 3) chapters.push({ title: '', slides: [], own: [] });
      chapters.at(-1)!.slides.push((slide = { title: l.text, bullets: [] }));
    } else if (l.level === chapterLevel) {
      chapters.push({ title: l.text, slides: [], own: [] });
      slide = null;
    } else {
      if (!chapters.length) chapters.push({ title, slides: [], own: [] });
      chapters.at(-1)!.slides.push((slide = { title: l.text, bullets: [] }));
    }
  }
  flush();
  for (const c of chapters) if (!c.title) c.title = clip(c.slides.map((s) => s.title).join('、'), 24);
  const write = (maxBullets: number) => {
    const out = [`# ${clip(title, 40)}`, `- ${clip(cover[0] ?? `根据《${clip(fallbackTitle, 30)}》整理`, 60)}`];
    for (const c of chapters) {
      out.push(`## ${clip(c.title, 40)}`);
      const slides = c.slides.length > 0 ? c.slides : [{ title: c.title, bullets: bulletsOf(c.own) }];
      for (const s of slides) {
        out.push(`### ${clip(s.title, 40)}`);
        for (const b of s.bullets.slice(0, maxBullets)) out.push(`- ${b}`);
      }
    }
    return out.join('\n');
  };
  // A long document keeps every chapter and slide title; bullets give way first.
  const fitting = [5, 3, 1, 0].map(write).find((text) => text.length <= DEMO_ANSWER_MAX_CHARS);
  return fitting ?? capLines(write(0));
}
