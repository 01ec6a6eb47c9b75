/**
 * Citations of an AI search answer (docs/product/search.md §2, issue part 2): markers [n] (also
 * [^n] and 【n】) become links to the n-th source of the `search_read` event. Markers inside
 * code are left alone; a number without a source stays plain text.
 */

export interface Source {
  title: string;
  href: string;
}

const MARK = /\[\^?(\d{1,2})\](?!\()|【(\d{1,2})】/g;

export function linkCitations(text: string, sources: Source[]): string {
  if (sources.length === 0) return text;
  return text
    .split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`)/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(MARK, (whole, a?: string, b?: string) => {
            const n = Number(a ?? b);
            const src = sources[n - 1];
            return src && /^https?:\/\//i.test(src.href) ? `[\\[${n}\\]](${src.href.replace(/\)/g, '%29')})` : whole;
          }),
    )
    .join('');
}

/** The host shown beside a source title. */
export function hostOf(href: string): string {
  try {
    return new URL(href).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}
