import { parentPort } from 'node:worker_threads';

/**
 * Worker-thread entry of the built-in PDF translation (translate-pdf.ts): pdf.js reads a PDF's
 * page count, or the text of every page, away from the event loop (a 500-page file takes seconds
 * of CPU), in a thread the caller ends at its deadline or when it outgrows its heap.
 * Loaded by Node's own type stripping where it has it: erasable TypeScript only.
 */

export interface PdfPagesRequest {
  data: Uint8Array;
  /** Only the page count (the submit-time check of a layout-engine run). */
  countOnly: boolean;
}

export type PdfPagesReply = { pages: number; texts?: string[] } | { failed: true };

async function answer(req: PdfPagesRequest): Promise<PdfPagesReply> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(req.data);
  try {
    if (req.countOnly) return { pages: pdf.numPages };
    const { text } = await extractText(pdf, { mergePages: false });
    return { pages: pdf.numPages, texts: text as string[] };
  } finally {
    await pdf.destroy();
  }
}

parentPort?.once('message', (req: PdfPagesRequest) => {
  answer(req).then(
    (reply) => parentPort?.postMessage(reply),
    () => parentPort?.postMessage({ failed: true } satisfies PdfPagesReply),
  );
});
