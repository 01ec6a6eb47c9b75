import { parentPort } from 'node:worker_threads';
// Explicit extension: this file is also loaded by Node's own type stripping (no bundler, no tsx).
import { extractReadable, type ReadablePage } from './readable.ts';

export interface ExtractRequest {
  id: number;
  html: string;
  url: string;
}

export type ExtractReply = { id: number; page: ReadablePage } | { id: number; failed: true };

/** Worker-thread entry: reads pages one at a time so jsdom and Readability never block the server's event loop. */
parentPort?.on('message', (req: ExtractRequest) => {
  extractReadable(req.html, req.url).then(
    (page) => parentPort?.postMessage({ id: req.id, page } satisfies ExtractReply),
    () => parentPort?.postMessage({ id: req.id, failed: true } satisfies ExtractReply),
  );
});
