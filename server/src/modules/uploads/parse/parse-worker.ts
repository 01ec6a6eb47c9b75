import { parentPort } from 'node:worker_threads';
// Explicit extension: loaded by Node's own type stripping where it has it (infra/worker/ts-entry.mjs).
import { DocParseError, inflationOf, parseDocument, type ParseFailure } from './parsers.ts';
import { parseSections, type DocSection } from './sections.ts';

/** text: the whole text (chat attachments); sections: its parts with page/heading (document library); guard: the inflation check alone. */
export type ParseMode = 'text' | 'sections' | 'guard';

export interface ParseRequest {
  ext: string;
  data: Uint8Array;
  mode?: ParseMode;
  /** Text mode: keep headings and slide titles as Markdown (structure.ts). */
  structured?: boolean;
}

export type ParseReply = { text: string } | { sections: DocSection[] } | { guarded: true } | { failed: ParseFailure };

async function answer(req: ParseRequest): Promise<ParseReply> {
  if (req.mode === 'sections') return { sections: await parseSections(req.ext, req.data) };
  if (req.mode === 'guard') {
    const verdict = await inflationOf(req.ext, req.data);
    if (verdict !== 'ok') throw new DocParseError(verdict, `${req.ext}: ${verdict}`);
    return { guarded: true };
  }
  return { text: await parseDocument(req.ext, req.data, req.structured) };
}

/** Worker-thread entry: one document per worker, so a document that hangs is ended by terminating its worker. */
parentPort?.once('message', (req: ParseRequest) => {
  answer(req).then(
    (reply) => parentPort?.postMessage(reply),
    (err: unknown) => parentPort?.postMessage({ failed: err instanceof DocParseError ? err.reason : 'unreadable' } satisfies ParseReply),
  );
});
