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
