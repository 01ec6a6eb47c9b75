import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../../../infra/worker/ts-worker';
import { FairQueue, QueueFullError, type FairLimits } from './fair-queue';
import type { ParseMode, ParseReply, ParseRequest } from './parse-worker';
import type { DocSection } from './sections';

export type { DocSection } from './sections';

/** busy: too many documents wait in this process; owner-busy: this owner already has its share waiting or parsing. */
export type DocFailure = 'empty' | 'unreadable' | 'legacy' | 'too-large' | 'timeout' | 'busy' | 'owner-busy';

export class DocumentReadError extends Error {
  constructor(readonly reason: DocFailure) {
    super(`document ${reason}`);
    this.name = 'DocumentReadError';
  }
}

export interface ReadOptions {
  /** Whose document it is (`user:<id>`): parsing slots take turns between owners. */
  owner?: string;
  /** Parsing slots and queue caps: the server's settings (config `uploads.parse`); defaults for tools and tests. */
  limits?: FairLimits;
  /** Deadline for one document, from the moment its parsing starts. */
  timeoutMs?: number;
  /** Heap of the parsing thread: a huge sheet runs out of it and fails alone. */
  maxHeapMb?: number;
  /**
   * Memory outside that heap (decoded buffers) the parsing thread may hold; past it the thread is
   * ended. A backstop for what the inflation guards cannot count (an encrypted PDF's streams,
   * filters other than Flate). Watched where Node can read a worker's heap (22.16+, 24).
   */
  maxExternalMb?: number;
  /** DOCX headings and PPTX slide titles kept as Markdown (a mind map or a deck from a document). */
  structured?: boolean;
}

/** How often the memory watch looks: pdf.js decodes about 100 MB/s, so it overshoots by a few MB at most. */
const WATCH_EVERY_MS = 20;

const WORKER_URL = new URL('./parse-worker.ts', import.meta.url);

/** Two documents parse at once per process by default (uploads are rare next to chats); five per user, as one message may carry. */
export const DEFAULT_PARSE_LIMITS: FairLimits = { slots: 2, perOwner: 5, maxWaiting: 32 };

/** One queue per process: the threads it starts share this machine's cores. */
const queue = new FairQueue();

/**
 * The text of a document (ext: pdf, docx, xlsx, pptx, epub, txt, csv, doc, ppt, mobi), read in a
 * fresh worker thread when the owner's turn comes, terminated at the deadline. Throws DocumentReadError.
 */
export async function readDocumentText(ext: string, data: Buffer, opts: ReadOptions = {}): Promise<string> {
  const reply = await readInWorker({ ext, data, mode: 'text', structured: opts.structured ?? false }, opts);
  return 'text' in reply ? reply.text : '';
}

/**
 * A document as its parts with page or heading (document library, parse/sections.ts), read like
 * readDocumentText in a worker thread of the same fair queue. Throws DocumentReadError.
 */
export async function readDocumentSections(ext: string, data: Buffer, opts: ReadOptions = {}): Promise<DocSection[]> {
  const reply = await readInWorker({ ext, data, mode: 'sections' }, opts);
  return 'sections' in reply ? reply.sections : [];
}

/** The inflation guards alone (zip and PDF bombs), off the event loop: throws DocumentReadError('too-large' | 'unreadable'). */
export async function checkDocumentInflation(ext: string, data: Buffer, opts: ReadOptions = {}): Promise<void> {
  await readInWorker({ ext, data, mode: 'guard' }, opts);
}

interface WorkerJob {
  ext: string;
  data: Buffer;
  mode: ParseMode;
  structured?: boolean;
}

async function readInWorker(job: WorkerJob, opts: ReadOptions): Promise<ParseReply> {
  try {
    return await queue.run(opts.owner ?? 'anonymous', opts.limits ?? DEFAULT_PARSE_LIMITS, () =>
      runWorker(job, opts.timeoutMs ?? 20_000, opts.maxHeapMb ?? 512, opts.maxExternalMb ?? 256),
    );
  } catch (err) {
    if (err instanceof QueueFullError) throw new DocumentReadError(err.scope === 'owner' ? 'owner-busy' : 'busy');
    throw err;
  }
}

function runWorker(job: WorkerJob, timeoutMs: number, maxHeapMb: number, maxExternalMb: number): Promise<ParseReply> {
  return new Promise<ParseReply>((resolve, reject) => {
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
    worker.on('message', (reply: ParseReply) => settle(() => ('failed' in reply ? reject(new DocumentReadError(reply.failed)) : resolve(reply))));
    worker.on('error', () => settle(() => reject(new DocumentReadError('unreadable'))));
    worker.on('exit', () => settle(() => reject(new DocumentReadError('unreadable'))));
    const copy = new Uint8Array(job.data);
    worker.postMessage({ ext: job.ext, data: copy, mode: job.mode, structured: job.structured } satisfies ParseRequest, [copy.buffer]);
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
