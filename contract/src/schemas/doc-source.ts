import { z } from 'zod';
import { MSG } from '../messages';

/**
 * A document as the source of a mind map or a deck (docs/product/mindmap-and-slides.md §11): uploaded once,
 * read with its structure (headings, slide titles) as Markdown, kept as the caller's upload; the mind map
 * and the outline calls then name it by `fileId`.
 */

/** What the document is for: a mind map, a deck from a document, or an old deck made new. */
export const DOC_SOURCE_USES = ['mindmap', 'ppt', 'oldPpt'] as const;
export type DocSourceUse = (typeof DOC_SOURCE_USES)[number];

/** File types each use accepts (an old deck is a .pptx; .ppt has no structure to read). */
export const DOC_SOURCE_TYPES: Record<DocSourceUse, readonly string[]> = {
  mindmap: ['docx', 'pdf', 'pptx', 'txt', 'md', 'epub', 'xlsx'],
  ppt: ['docx', 'pdf', 'pptx', 'txt', 'md', 'epub', 'xlsx'],
  oldPpt: ['pptx'],
};

/** Largest file read (the attachment limit, docs/product/uploads.md §9). */
export const DOC_SOURCE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Source text a model reads whole; a longer document is condensed first, chunk by chunk
 * (docs/product/mindmap-and-slides.md §11). Below the mind map's and the outline's content limits.
 */
export const DOC_SOURCE_DIRECT_CHARS = 12_000;

/** The multipart field `use` of POST /api/v1/docSource/upload ('mindmap' when left out). */
export const DocSourceUseSchema = z.enum(DOC_SOURCE_USES, { error: MSG.docSourceUseInvalid });

/** An upload id as the mind map and outline calls take it. */
export const docSourceFileId = z.string().trim().min(1, { error: MSG.uploadNotFound }).max(64, { error: MSG.uploadNotFound });

/** Answer of POST /api/v1/docSource/upload. */
export interface DocSourceRes {
  fileId: string;
  name: string;
  size: number;
  /** Characters of the text read (structure marks included). */
  chars: number;
  /** The headings (or slide titles) found, in order, at most DOC_SOURCE_HEADINGS_SHOWN. */
  headings: string[];
  /** Whether the text is longer than a model reads whole, so it is condensed before the outline. */
  condensed: boolean;
}

export const DOC_SOURCE_HEADINGS_SHOWN = 30;

/** Headings of Markdown text, in order (level 1-3), for the page to show what was read. */
export function markdownHeadings(text: string, max = DOC_SOURCE_HEADINGS_SHOWN): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const m = /^(#{1,3})\s+(.+)$/.exec(line.trim());
    if (m) out.push(m[2]!.trim());
    if (out.length >= max) break;
  }
  return out;
}
