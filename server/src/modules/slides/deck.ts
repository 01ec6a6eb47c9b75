import { MSG, parseOutline, type OutlineNode, type PptSlide } from '@wanxiang/contract';

/**
 * From outline markdown to the slides of a deck: a title slide, an agenda of the chapters, per
 * chapter a section slide and one content slide per ### (bullets split over continuation
 * slides when there are too many), and a closing slide.
 */

/** Bullets one content slide holds before a continuation slide starts. */
export const BULLETS_PER_SLIDE = 6;
/** Longest bullet kept (a runaway paragraph is cut with an ellipsis). */
export const BULLET_MAX_CHARS = 90;
/** Longest slide title kept. */
export const TITLE_MAX_CHARS = 40;
/** Most slides one deck gets (a bigger outline is cut). */
export const MAX_SLIDES = 60;
/** Agenda lines on one slide. */
const AGENDA_MAX = 8;

export interface Deck {
  title: string;
  slides: PptSlide[];
}

const cut = (s: string, max: number) => {
  const chars = [...s];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : s;
};

interface Chapter {
  title: string;
  bullets: string[];
  slides: { title: string; bullets: string[] }[];
}

/** Chapters of the tree; slides or bullets outside any chapter form one of their own. */
function chaptersOf(nodes: OutlineNode[], title: string): Chapter[] {
  const chapters: Chapter[] = [];
  let current: Chapter | undefined;
  for (const n of nodes) {
    if (n.level === 2) {
      current = { title: n.title, bullets: n.content, slides: [] };
      chapters.push(current);
    } else if (n.level === 3) {
      if (!current) {
        current = { title, bullets: [], slides: [] };
        chapters.push(current);
      }
      current.slides.push({ title: n.title, bullets: n.content });
    }
  }
  return chapters;
}

function contentSlides(title: string, bullets: string[], chapter: number): PptSlide[] {
  const kept = bullets.map((b) => cut(b, BULLET_MAX_CHARS));
  if (kept.length === 0) return [{ kind: 'content', title: cut(title, TITLE_MAX_CHARS), bullets: [], chapter }];
  const out: PptSlide[] = [];
  for (let i = 0; i < kept.length; i += BULLETS_PER_SLIDE) {
    const suffix = i === 0 ? '' : '（续）';
    out.push({ kind: 'content', title: cut(title, TITLE_MAX_CHARS) + suffix, bullets: kept.slice(i, i + BULLETS_PER_SLIDE), chapter });
  }
  return out;
}

/** The deck of an outline; `fallbackTitle` names a deck whose outline has no # title. */
export function deckFromOutline(markdown: string, fallbackTitle = 'AI PPT'): Deck {
  const nodes = parseOutline(markdown);
  const head = nodes.find((n) => n.level === 1);
  const title = cut(head?.title ?? nodes[0]?.title ?? fallbackTitle, TITLE_MAX_CHARS);
  const chapters = chaptersOf(nodes, title);
  // An outline of bullets only: the title's own bullets become one chapter.
  if (chapters.length === 0 && head && head.content.length > 0)
    chapters.push({ title, bullets: [], slides: [{ title, bullets: head.content }] });

  const slides: PptSlide[] = [
    { kind: 'title', title, subtitle: head?.content[0] ? cut(head.content[0], BULLET_MAX_CHARS) : undefined, bullets: [] },
  ];
  if (chapters.length > 1) {
    slides.push({
      kind: 'agenda',
      title: MSG.slidesAgenda,
      bullets: chapters.slice(0, AGENDA_MAX).map((c) => cut(c.title, TITLE_MAX_CHARS)),
    });
  }
  chapters.forEach((c, i) => {
    const chapter = i + 1;
    slides.push({ kind: 'section', title: cut(c.title, TITLE_MAX_CHARS), subtitle: MSG.slidesPart(chapter), bullets: [], chapter });
    // A chapter without ### slides shows its own bullets on one content slide.
    const pages = c.slides.length > 0 ? c.slides : c.bullets.length > 0 ? [{ title: c.title, bullets: c.bullets }] : [];
    for (const p of pages) slides.push(...contentSlides(p.title, p.bullets, chapter));
  });
  const body = slides.slice(0, MAX_SLIDES - 1);
  body.push({ kind: 'closing', title: MSG.slidesThanks, subtitle: MSG.slidesThanksSub, bullets: [] });
  return { title, slides: body };
}

/** Whether an outline has anything a deck can be built from (at least one heading or bullet). */
export function outlineHasContent(markdown: string): boolean {
  return parseOutline(markdown).length > 0;
}
