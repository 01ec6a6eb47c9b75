import { parentPort } from 'node:worker_threads';
// Explicit extension: loaded by Node's own type stripping where it has it (infra/worker/ts-entry.mjs).
import { DocParseError, parseDocument, type ParseFailure } from './parsers.ts';

export interface ParseRequest {
  ext: string;
  data: Uint8Array;
  /** Keep headings and slide titles as Markdown (structure.ts). */
  structured?: boolean;
}

export type ParseReply = { text: string } | { failed: ParseFailure };

/** Worker-thread entry: one document per worker, so a document that hangs is ended by terminating its worker. */
parentPort?.once('message', (req: ParseRequest) => {
  parseDocument(req.ext, req.data, req.structured).then(
    (text) => parentPort?.postMessage({ text } satisfies ParseReply),
    (err: unknown) => parentPort?.postMessage({ failed: err instanceof DocParseError ? err.reason : 'unreadable' } satisfies ParseReply),
  );
});
