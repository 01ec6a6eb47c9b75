import { z } from 'zod';
import { MSG } from '../messages';

/** An absolute http(s) link as a person would paste it; anything else is not a web page link. */
function isWebLink(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#]/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

export const PageUrlSchema = z.object({
  url: z
    .string({ error: MSG.linkEmpty })
    .trim()
    .min(1, { error: MSG.linkEmpty })
    .max(2048, { error: MSG.linkInvalid })
    .refine(isWebLink, { error: MSG.linkInvalid }),
});
export type PageUrlReq = z.infer<typeof PageUrlSchema>;

/** The readable text of a web page (web import, `yfoo.html` / `gethtml`). */
export interface PageTextRes {
  /** The page's final address, after redirects. */
  url: string;
  title: string;
  /** Main text, whitespace collapsed, one paragraph per line, at most PAGE_TEXT_MAX_CHARS. */
  text: string;
  /** Characters in `text`. */
  length: number;
}

/** Longest page text returned; longer pages are cut at this many characters. */
export const PAGE_TEXT_MAX_CHARS = 100_000;

/** What the import dialog understands (docs/product/uploads.md §2): audio, video or a web page. */
export const IMPORT_TYPES = ['voice', 'video', 'web'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

/** File types each import accepts (docs/product/uploads.md §5). */
export const IMPORT_ACCEPT: Record<ImportType, readonly string[]> = {
  voice: ['mp3', 'mp4', 'aac', 'wav', 'opus'],
  video: ['mp4'],
  web: ['html'],
};

/** Largest audio, video or HTML file an import reads (docs/product/uploads.md §9: 10 MB a file). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * POST /api/v1/media/mediaLink2txt. A video link is not checked as a web address (people paste a
 * short-video share text with the link inside); the server takes the first http(s) address in it.
 */
export const MediaLinkSchema = z
  .object({
    file_url: z.string({ error: MSG.linkEmpty }).trim().min(1, { error: MSG.linkEmpty }).max(2048, { error: MSG.linkInvalid }),
    type: z.enum(['voice', 'video'], { error: '导入类型不正确' }).default('voice'),
  })
  .refine((b) => b.type === 'video' || isWebLink(b.file_url), { error: MSG.linkInvalid, path: ['file_url'] });
export type MediaLinkReq = z.infer<typeof MediaLinkSchema>;

/** The first http(s) address inside a pasted text (a share text around a video link). */
export function firstWebLink(text: string): string | null {
  const m = /https?:\/\/[^\s"'<>，。！？、（）【】]+/i.exec(text);
  return m && isWebLink(m[0]) ? m[0] : null;
}

/** Answer of every import: the saved upload (its id goes into the next question's `files`) and its text. */
export interface MediaImportRes {
  fileId: string;
  name: string;
  kind: 'audio' | 'video' | 'web';
  size: number;
  chars: number;
  /** The understood text as the model will read it. */
  text: string;
}

/**
 * Web and file text of an import reduced to Chinese (docs/product/uploads.md §5): Han characters and Chinese
 * punctuation survive, so sentences stay readable; Latin text, markup leftovers and symbols go.
 * Line breaks between paragraphs are kept as one newline.
 */
export function reduceToChinese(text: string): string {
  return text
    .split(/\n+/)
    .map((line) =>
      (
        line.match(
          /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff0f\uff1a-\uff1f\u201c\u201d\u2018\u2019\u2014\u2026]+/gu,
        ) ?? []
      ).join(''),
    )
    .map((line) => line.replace(/^[\u3000-\u303f\uff01-\uff0f\uff1a-\uff1f\u201c\u201d\u2018\u2019\u2014\u2026]+$/u, ''))
    .filter((line) => /[\u3400-\u9fff\uf900-\ufaff]/u.test(line))
    .join('\n');
}
