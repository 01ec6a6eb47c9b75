import { PDFDict, PDFDocument, PDFHexString, PDFName, rgb, StandardFonts } from 'pdf-lib';
import { aigcLabel, AI_PRODUCER } from '../aigc-label';

/**
 * The AI-content label of a PDF we hand out (docs/product/creation.md): the implicit label as the
 * document information entry AIGC (the national standard's JSON; also in Keywords, which every
 * viewer shows), the producer, and, where asked, a visible line at the foot of every page. The
 * line is in Latin letters: the standard PDF fonts have no Chinese glyphs, and a PDF converted
 * from our DOCX already shows the Chinese footer line.
 */

export const PDF_MARK_TEXT = 'AI-generated translation (AIGC) - Wanxiang AI';

export async function labelPdf(pdf: Buffer, contentId: string, visible: boolean): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const label = JSON.stringify(aigcLabel(contentId));
  // The setters create the information dictionary when the file has none; then the AIGC entry joins it.
  doc.setKeywords([`AIGC=${label}`]);
  doc.setProducer(AI_PRODUCER);
  doc.setCreator(AI_PRODUCER);
  const info = doc.context.lookup(doc.context.trailerInfo.Info);
  if (info instanceof PDFDict) info.set(PDFName.of('AIGC'), PDFHexString.fromText(label));
  if (visible) {
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const page of doc.getPages()) {
      const { width } = page.getSize();
      const size = Math.max(6, Math.min(9, width / 70));
      const w = font.widthOfTextAtSize(PDF_MARK_TEXT, size);
      page.drawText(PDF_MARK_TEXT, { x: Math.max(4, width - w - 12), y: 6, size, font, color: rgb(0.5, 0.5, 0.5) });
    }
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
