/**
 * The text of an Office XML part as paragraphs, and the same part written back with each
 * paragraph's translation (document translation, translate-office.ts). The part is never parsed
 * into a tree: a scan finds the paragraph elements (`w:p` in Word, `a:p` in slides, `si`/`is` in
 * sheets) and their text elements (`w:t`, `a:t`, `t`), and the translation is spliced into those
 * text elements only, so every other byte (run properties, drawings, tables, fields) stays as it
 * was. A text element belongs to the innermost open paragraph (a text box inside a paragraph is
 * its own paragraph).
 */

export type OoxmlFlavour = 'word' | 'slide' | 'sheet';

interface Tags {
  unit: string;
  text: string;
}
const TAGS: Record<OoxmlFlavour, Tags> = {
  word: { unit: 'w:p', text: 'w:t' },
  slide: { unit: 'a:p', text: 'a:t' },
  sheet: { unit: 'si|is', text: 't' },
};

/** One text element: where its open tag and its content lie in the part. */
export interface TextSpan {
  openStart: number;
  openEnd: number;
  start: number;
  end: number;
}

/** One paragraph (or shared string): its text elements and their decoded, joined text. */
export interface XmlUnit {
  spans: TextSpan[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlText(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e.startsWith('#x') ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : ENTITIES[e]!,
  );
}

export const escapeXmlText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every paragraph of the part that has text, in document order of its first text element. */
export function scanUnits(xml: string, flavour: OoxmlFlavour): XmlUnit[] {
  const { unit, text } = TAGS[flavour];
  // Open/close/self-closing tags of paragraphs and text elements only; `w:pPr`, `w:tab`, `a:tbl` do not match (\b... then [\s/>]).
  const re = new RegExp(`<(/?)(${unit}|${text})(?=[\\s/>])([^>]*)>`, 'g');
  const textTags = new Set(text.split('|'));
  const stack: XmlUnit[] = [];
  const out: XmlUnit[] = [];
  let openText: { openStart: number; openEnd: number } | null = null;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const [whole, slash, name, attrs] = m;
    const selfClosing = attrs!.endsWith('/');
    if (textTags.has(name!)) {
      if (slash) {
        if (openText && stack.length > 0) {
          const span = { ...openText, start: openText.openEnd, end: m.index };
          const owner = stack[stack.length - 1]!;
          owner.spans.push(span);
          owner.text += decodeXmlText(xml.slice(span.start, span.end));
        }
        openText = null;
      } else if (!selfClosing) {
        openText = { openStart: m.index, openEnd: m.index + whole!.length };
      }
      continue;
    }
    if (slash) {
      const done = stack.pop();
      if (done && done.spans.length > 0) out.push(done);
    } else if (!selfClosing) {
      stack.push({ spans: [], text: '' });
    }
  }
  return out.sort((a, b) => a.spans[0]!.start - b.spans[0]!.start);
}

/** Worth sending to the model: some letters (numbers, dates and symbols stay as they are). */
export const translatable = (text: string): boolean => /\p{L}/u.test(text) && text.trim().length > 0;

export type TranslateMode = 'bilingual' | 'target';

interface Edit {
  at: number;
  until: number;
  insert: string;
}

/** Word and sheet text keeps its spaces only with xml:space="preserve" on the open tag. */
function preserveOpenTag(open: string): string {
  if (/xml:space=/.test(open)) return open;
  return open.replace(/\s*\/?>$/, (end) => ` xml:space="preserve"${end.trim()}`);
}

/** The run properties of the slide run that holds `at` (copied onto the added translation run). */
function slideRunProps(xml: string, at: number): string {
  const runStart = Math.max(xml.lastIndexOf('<a:r>', at), xml.lastIndexOf('<a:r ', at), xml.lastIndexOf('<a:fld ', at));
  if (runStart < 0) return '';
  const inside = xml.slice(runStart, at);
  const props = /<a:rPr\b[^>]*\/>|<a:rPr\b[^>]*>[\s\S]*?<\/a:rPr>/.exec(inside);
  return props ? props[0] : '';
}

/**
 * The part with `translations` (one per unit, same order; null keeps a unit as it is) written in.
 * target: the first text element of the paragraph takes the translation (keeping that run's
 * formatting), the others are emptied. bilingual: the paragraph keeps its text and gains a line
 * break and the translation after its last run (a Word run may hold both; a slide's run takes
 * one text, so a new run with the same properties follows; a cell's string gets ' / ' and the
 * translation: a sheet's rows keep their height, so a second line would be hidden).
 * Paragraph, table and picture counts never change.
 */
export function applyTranslations(xml: string, flavour: OoxmlFlavour, units: readonly XmlUnit[], translations: readonly (string | null)[], mode: TranslateMode): string {
  const edits: Edit[] = [];
  units.forEach((u, i) => {
    const t = translations[i];
    if (t === null || t === undefined) return;
    if (mode === 'target') {
      u.spans.forEach((s, k) => {
        const open = xml.slice(s.openStart, s.openEnd);
        const newOpen = flavour === 'slide' ? open : preserveOpenTag(open);
        edits.push({ at: s.openStart, until: s.end, insert: newOpen + (k === 0 ? escapeXmlText(t) : '') });
      });
      return;
    }
    const last = u.spans[u.spans.length - 1]!;
    if (flavour === 'word') {
      const closeEnd = xml.indexOf('>', last.end) + 1;
      edits.push({ at: closeEnd, until: closeEnd, insert: `<w:br/><w:t xml:space="preserve">${escapeXmlText(t)}</w:t>` });
    } else if (flavour === 'sheet') {
      const open = xml.slice(last.openStart, last.openEnd);
      edits.push({ at: last.openStart, until: last.end, insert: preserveOpenTag(open) + xml.slice(last.start, last.end) + escapeXmlText(` / ${t}`) });
    } else {
      const ends = ['</a:r>', '</a:fld>'].map((c) => xml.indexOf(c, last.end)).filter((n) => n >= 0);
      if (ends.length === 0) return;
      const runEnd = Math.min(...ends);
      const closeEnd = xml.indexOf('>', runEnd) + 1;
      const props = slideRunProps(xml, last.openStart);
      edits.push({ at: closeEnd, until: closeEnd, insert: `<a:br/><a:r>${props}<a:t>${escapeXmlText(t)}</a:t></a:r>` });
    }
  });
  // One pass in document order (edits never overlap): a long part with thousands of paragraphs is copied once.
  edits.sort((a, b) => a.at - b.at);
  const pieces: string[] = [];
  let at = 0;
  for (const e of edits) {
    pieces.push(xml.slice(at, e.at), e.insert);
    at = e.until;
  }
  pieces.push(xml.slice(at));
  return pieces.join('');
}
