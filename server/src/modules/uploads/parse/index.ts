import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../../../infra/worker/ts-worker';
import type { ParseReply, ParseRequest } from './parse-worker';

export type DocFailure = 'empty' | 'unreadable' | 'legacy' | 'too-large' | 'timeout' | 'busy';

export class DocumentReadError extends Error {
  constructor(readonly reason: DocFailure) {
    super(`document ${reason}`);
    this.name = 'DocumentReadError';
  }
}

export interface ReadOptions {
  /** Deadline for one document. */
  timeoutMs?: number;
  /** Heap of the parsing thread: a huge sheet runs out of it and fails alone. */
  maxHeapMb?: number;
  /**
   * Memory outside that heap (decoded buffers) the parsing thread may hold; past it the thread is
   * ended. A backstop for what the inflation guards cannot count (an encrypted PDF's streams,
   * filters other than Flate). Watched where Node can read a worker's heap (22.16+, 24).
   */
  maxExternalMb?: number;
}

/** How often the memory watch looks: pdf.js decodes about 100 MB/s, so it overshoots by a few MB at most. */
const WATCH_EVERY_MS = 20;

const WORKER_URL = new URL('./parse-worker.ts', import.meta.url);
/** Documents parsed at once in this process; more wait for a slot (uploads are rare next to chats). */
const MAX_PARALLEL = 2;
const MAX_WAITING = 16;
let running = 0;
const waiting: (() => void)[] = [];

/**
 * The text of a document (ext: pdf, docx, xlsx, xls, pptx, epub, txt, csv, doc, ppt, mobi),
 * read in a fresh worker thread that is terminated at the deadline. Throws DocumentReadError.
 */
export async function readDocumentText(ext: string, data: Buffer, opts: ReadOptions = {}): Promise<string> {
  if (running >= MAX_PARALLEL) {
    if (waiting.length >= MAX_WAITING) throw new DocumentReadError('busy');
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await runWorker(ext, data, opts.timeoutMs ?? 20_000, opts.maxHeapMb ?? 512, opts.maxExternalMb ?? 256);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function runWorker(ext: string, data: Buffer, timeoutMs: number, maxHeapMb: number, maxExternalMb: number): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const worker = startTsWorker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new DocumentReadError('timeout'))), timeoutMs);
    const watch = watchMemory(worker, maxExternalMb * 1024 * 1024, () => settle(() => reject(new DocumentReadError('too-large'))));
    worker.on('message', (reply: ParseReply) =>
      settle(() => ('text' in reply ? resolve(reply.text) : reject(new DocumentReadError(reply.failed)))),
    );
    worker.on('error', () => settle(() => reject(new DocumentReadError('unreadable'))));
    worker.on('exit', () => settle(() => reject(new DocumentReadError('unreadable'))));
    const copy = new Uint8Array(data);
    worker.postMessage({ ext, data: copy } satisfies ParseRequest, [copy.buffer]);
  });
}

/** Calls `over` once the worker holds more than `maxBytes` outside its heap; a no-op timer where Node cannot tell. */
function watchMemory(worker: Worker, maxBytes: number, over: () => void): NodeJS.Timeout | undefined {
  if (typeof worker.getHeapStatistics !== 'function') return undefined;
  let asking = false;
  const timer = setInterval(() => {
    if (asking) return;
    asking = true;
    worker.getHeapStatistics().then(
      (s) => {
        asking = false;
        if (s.external_memory > maxBytes) over();
      },
      () => (asking = false),
    );
  }, WATCH_EVERY_MS);
  timer.unref();
  return timer;
}
