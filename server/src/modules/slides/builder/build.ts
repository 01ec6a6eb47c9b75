import PptxGenJS from 'pptxgenjs';
import { MSG, type PptSlide, type PptTemplate } from '@wanxiang/contract';
import type { Deck } from '../deck';
import { H, type Ground, type Pen } from './canvas';
import { DECOR_PAINTERS } from './decor';
import { agendaSlide, closingSlide, contentSlide, sectionSlide, titleSlide } from './layouts';

/** Title, section and closing slides sit on the template's primary colour; the rest on its page colour. */
const groundOf = (s: PptSlide): Ground => (s.kind === 'title' || s.kind === 'section' || s.kind === 'closing' ? 'primary' : 'page');

export interface BuildOptions {
  /** Small line on the title slide (product name and date). */
  brand?: string;
  /** Called after each slide is drawn (1-based count, total), so a task can report real progress. */
  onSlide?: (drawn: number, total: number) => Promise<void> | void;
}

/** A real .pptx (Office Open XML) of a deck drawn in a template, as bytes. */
export async function buildPptx(deck: Deck, template: PptTemplate, opts: BuildOptions = {}): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_16x9';
  pptx.title = deck.title;
  pptx.company = '万象 AI';
  pptx.author = '万象 AI';
  pptx.theme = { headFontFace: template.fonts.heading, bodyFontFace: template.fonts.body };
  const paint = DECOR_PAINTERS[template.decor] ?? DECOR_PAINTERS.band!;
  const brand = opts.brand ?? `万象 AI · ${new Date().toISOString().slice(0, 10)}`;
  let page = 0;
  for (const s of deck.slides) {
    page++;
    const ground = groundOf(s);
    const slide = pptx.addSlide();
    slide.background = { color: ground === 'primary' ? template.palette.primary : template.palette.background };
    const pen: Pen = { slide, t: template };
    paint(pen, s.kind, ground);
    if (s.kind === 'title') titleSlide(pen, s, brand);
    else if (s.kind === 'agenda') agendaSlide(pen, s);
    else if (s.kind === 'section') sectionSlide(pen, s);
    else if (s.kind === 'closing') closingSlide(pen, s);
    else contentSlide(pen, s, page);
    // The visible AI-content label (China's labelling rules): a small line in the bottom-left corner of every slide.
    slide.addText(MSG.deckAiLabel, {
      x: 0.25,
      y: H - 0.42,
      w: 2.4,
      h: 0.24,
      margin: 0,
      fontFace: template.fonts.body,
      fontSize: 8,
      color: ground === 'primary' ? template.palette.onPrimary : template.palette.muted,
      transparency: 30,
    });
    await opts.onSlide?.(page, deck.slides.length);
  }
  const out = await pptx.write({ outputType: 'nodebuffer' });
  return out as Buffer;
}
