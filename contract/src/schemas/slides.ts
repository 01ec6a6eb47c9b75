import { z } from 'zod';
import { MSG } from '../messages';
import { docSourceFileId } from './doc-source';

/**
 * Presentations (docs/product/mindmap-and-slides.md §2, §3, §4, §5, §7): the outline streamed by a model, the
 * templates, the build task and its preview. The outline is markdown (# title, ## chapter,
 * ### slide, - bullet); `parseOutline` reads it into the outline tree of docs/product/mindmap-and-slides.md §3, shared by the
 * server (which builds the deck from it) and the web editor.
 */

/** Longest outline (or chat message) accepted: a deck of ~60 slides is far below. */
export const PPT_CONTENT_MAX = 20_000;
/** Task ids are UUIDs; anything longer is not one of ours. */
const TASK_ID_MAX = 40;

/**
 * The schema only checks types and sizes; `pptContentProblem` / `pptCreateProblem` name what is
 * missing. The web checks first with the spec's (English) texts; the server answers in Chinese.
 */
const content = z.string().max(PPT_CONTENT_MAX, { error: MSG.slidesContentTooLong }).optional();

/**
 * POST /api/v1/ppt/outline: the chat message or topic the outline is made from, or `fileId`, the caller's
 * uploaded document; `from` 'oldPpt' keeps an old deck's slide titles and order (docs/product/mindmap-and-slides.md §11).
 */
export const PptOutlineSchema = z.object({
  content,
  fileId: docSourceFileId.optional(),
  from: z.enum(['doc', 'oldPpt'], { error: MSG.docSourceUseInvalid }).optional(),
});
export type PptOutlineReq = z.infer<typeof PptOutlineSchema>;

/** POST /api/v1/ppt/createNewPPT (createPPT): template id and the outline markdown. */
export const PptCreateSchema = z.object({
  content,
  id: z
    .union([z.string().max(32, { error: MSG.slidesTemplateUnknown }), z.number().int()])
    .optional()
    .transform((v) => (v === undefined ? '' : String(v).trim())),
});
export type PptCreateReq = z.infer<typeof PptCreateSchema>;

/** The spec's message when there is no content to work from, else null. */
export function pptContentProblem(req: { content?: string; fileId?: string }): string | null {
  return req.content?.trim() || req.fileId ? null : MSG.slidesContentRequired;
}

/** Content first, then the template (docs/product/mindmap-and-slides.md §5 order). */
export function pptCreateProblem(req: PptCreateReq): string | null {
  return pptContentProblem(req) ?? (req.id ? null : MSG.slidesTemplateRequired);
}

/** GET /api/v1/ppt/templete?style=&color= (both optional filters; '' = all). */
export const PptTemplateQuerySchema = z.object({
  style: z.string().max(20).optional(),
  color: z.string().max(20).optional(),
});
export type PptTemplateQuery = z.infer<typeof PptTemplateQuerySchema>;

/** GET /api/v1/ppt/task?task_id= */
export const PptTaskQuerySchema = z.object({
  task_id: z.string({ error: MSG.slidesNoDownload }).trim().min(1, { error: MSG.slidesNoDownload }).max(TASK_ID_MAX, { error: MSG.slidesTaskNotFound }),
});
/** GET /api/v1/ppt/down?id=, /preview?id= (the task id). */
export const PptTaskIdQuerySchema = z.object({
  id: z.string({ error: MSG.slidesNoDownload }).trim().min(1, { error: MSG.slidesNoDownload }).max(TASK_ID_MAX, { error: MSG.slidesTaskNotFound }),
});

/** Colours of a template (hex without #), used by the deck builder and the web thumbnails alike. */
export interface PptPalette {
  /** Background of title, section and closing slides. */
  primary: string;
  /** Background of content slides. */
  background: string;
  /** Accent shapes, bullets and numbers. */
  accent: string;
  /** Text on primary. */
  onPrimary: string;
  /** Body text on background. */
  text: string;
  /** Headings on background. */
  heading: string;
  /** Quiet shapes and secondary text. */
  muted: string;
}

/** One template of the picker (getpptTemplete): `preview` is the image path. */
export interface PptTemplate {
  id: string;
  name: string;
  style: string;
  color: string;
  preview: string;
  palette: PptPalette;
  /** Font of headings and body (names as PowerPoint knows them). */
  fonts: { heading: string; body: string };
  /** Which decoration family the builder draws (band, circles, frame, grid, diagonal, ribbon). */
  decor: string;
}

/** Task status in ppt_tasks: 0 queued, 1 building, 2 done, 3 failed. */
export const PPT_STATUS = { queued: 0, building: 1, done: 2, failed: 3 } as const;
export type PptStatus = (typeof PPT_STATUS)[keyof typeof PPT_STATUS];

/** createNewPPT answer: the task and where its preview is read. */
export interface PptCreated {
  task_id: string;
  url: string;
}

export interface PptTaskInfo {
  task_id: string;
  status: PptStatus;
  title: string;
  /** Failure reason shown to the user (only when status is 3). */
  msg?: string;
}

export type PptSlideKind = 'title' | 'agenda' | 'section' | 'content' | 'closing';

/** One slide of a deck, as built and as previewed. */
export interface PptSlide {
  kind: PptSlideKind;
  title: string;
  subtitle?: string;
  bullets: string[];
  /** Chapter number (section and content slides). */
  chapter?: number;
}

/** GET /api/v1/ppt/preview answer: the slides and the template they are drawn in. */
export interface PptPreview extends PptTaskInfo {
  template: PptTemplate;
  slides: PptSlide[];
}

/** Outline tree node (docs/product/mindmap-and-slides.md §3). level: 1 title, 2 chapter, 3 slide; content: its bullet points. */
export interface OutlineNode {
  id: string;
  title: string;
  tag: 'title' | 'chapter' | 'slide';
  level: 1 | 2 | 3;
  content: string[];
  isEdit: boolean;
  depth: number;
  parentId: string | null;
}

const TAGS = { 1: 'title', 2: 'chapter', 3: 'slide' } as const;
/** A bullet line: -, *, +, •, or "1." / "1、". */
const BULLET = /^\s*(?:[-*+•·]|\d{1,2}[.、)）])\s+/;
/** Markdown emphasis and code marks are dropped from titles and bullets. */
const cleanText = (s: string) =>
  s
    .replace(/\*\*|__|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Read outline markdown into the tree of docs/product/mindmap-and-slides.md §3. Headings deeper than ### count as slides;
 * bullets (and plain lines) attach to the nearest node above; a bullet before any heading
 * attaches to an implicit title. Empty headings are skipped.
 */
export function parseOutline(markdown: string): OutlineNode[] {
  const nodes: OutlineNode[] = [];
  const lastAt: Partial<Record<1 | 2 | 3, OutlineNode>> = {};
  let seq = 0;
  const add = (level: 1 | 2 | 3, title: string): OutlineNode => {
    const parent = level === 3 ? (lastAt[2] ?? lastAt[1]) : level === 2 ? lastAt[1] : undefined;
    const node: OutlineNode = {
      id: `n${++seq}`,
      title,
      tag: TAGS[level],
      level,
      content: [],
      isEdit: false,
      depth: parent ? parent.depth + 1 : 0,
      parentId: parent?.id ?? null,
    };
    nodes.push(node);
    lastAt[level] = node;
    if (level === 1) delete lastAt[2];
    if (level <= 2) delete lastAt[3];
    return node;
  };
  let current: OutlineNode | undefined;
  for (const raw of markdown.replace(/```[a-z]*\n?/gi, '').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || /^[-*_]{3,}$/.test(line)) continue;
    const heading = /^(#{1,6})\s*(.*)$/.exec(line);
    if (heading) {
      const title = cleanText(heading[2] ?? '');
      if (!title) continue;
      const level = Math.min(heading[1]!.length, 3) as 1 | 2 | 3;
      current = add(level, title);
      continue;
    }
    const text = cleanText(line.replace(BULLET, '').replace(/^>\s*/, ''));
    if (!text) continue;
    current ??= add(1, text);
    if (current.title !== text) current.content.push(text);
  }
  return nodes;
}

/** Outline markdown from a tree (the editor writes back what it changed). */
export function outlineToMarkdown(nodes: readonly OutlineNode[]): string {
  const out: string[] = [];
  for (const n of nodes) {
    out.push(`${'#'.repeat(n.level)} ${n.title}`);
    for (const c of n.content) out.push(`- ${c}`);
  }
  return out.join('\n');
}
