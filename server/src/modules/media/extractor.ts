import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../../infra/worker/ts-worker';
import type { ExtractReply, ExtractRequest } from './extract-worker';
import type { ReadablePage } from './readable';

export type ExtractFailure = 'timeout' | 'busy' | 'failed';

export class ExtractError extends Error {
  constructor(readonly reason: ExtractFailure) {
    super(`page extraction ${reason}`);
    this.name = 'ExtractError';
  }
}

export interface PageExtractor {
  extract(html: string, url: string): Promise<ReadablePage>;
  close(): Promise<void>;
}

export interface ExtractorOptions {
  /** Worker threads at most; each reads one page at a time. */
  workers?: number;
  /** Deadline per page, queue wait included; a worker past it is terminated. */
  timeoutMs?: number;
  /** Pages waiting at most; beyond that a read is refused as busy. */
  maxQueue?: number;
  /** An idle worker is stopped after this long, returning jsdom's memory. */
  idleMs?: number;
}

interface Job extends ExtractRequest {
  resolve: (page: ReadablePage) => void;
  reject: (err: ExtractError) => void;
  timer: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  idleTimer: NodeJS.Timeout | null;
}

const WORKER_URL = new URL('./extract-worker.ts', import.meta.url);

/**
 * A small pool of worker threads for page extraction. jsdom + Readability take seconds of CPU
 * on a large page; on the main thread that would stall every open chat stream. A page that
 * runs past its deadline has its worker terminated (synchronous code cannot be interrupted
 * any other way) and a fresh worker takes the next page.
 */
export function createPageExtractor(opts: ExtractorOptions = {}): PageExtractor {
  const size = opts.workers ?? 2;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const maxQueue = opts.maxQueue ?? 32;
  const idleMs = opts.idleMs ?? 60_000;
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 1;

  const retire = (slot: Slot) => {
    slots.delete(slot);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    void slot.worker.terminate();
  };

  const finish = (slot: Slot) => {
    slot.job = null;
    slot.idleTimer = setTimeout(() => retire(slot), idleMs);
    slot.idleTimer.unref();
    pump();
  };

  const spawn = (): Slot => {
    // A hostile page can make jsdom allocate without end: the worker dies, the page fails, the server lives.
    const worker = startTsWorker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: 1024 } });
    // Pending page reads belong to HTTP requests, which keep the process alive on their own.
    worker.unref();
    const slot: Slot = { worker, job: null, idleTimer: null };
    worker.on('message', (reply: ExtractReply) => {
      const job = slot.job;
      if (!slots.has(slot) || !job || job.id !== reply.id) return;
      clearTimeout(job.timer);
      if ('page' in reply) job.resolve(reply.page);
      else job.reject(new ExtractError('failed'));
      finish(slot);
    });
    const crashed = () => {
      if (!slots.has(slot)) return;
      slots.delete(slot);
      if (slot.job) {
        clearTimeout(slot.job.timer);
        slot.job.reject(new ExtractError('failed'));
      }
      pump();
    };
    worker.on('error', crashed);
    worker.on('exit', crashed);
    slots.add(slot);
    return slot;
  };

  const pump = () => {
    while (queue.length > 0) {
      let slot = [...slots].find((s) => s.job === null);
      if (!slot && slots.size < size) slot = spawn();
      if (!slot) return;
      const job = queue.shift()!;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      slot.job = job;
      slot.worker.postMessage({ id: job.id, html: job.html, url: job.url } satisfies ExtractRequest);
    }
  };

  const onTimeout = (job: Job) => {
    const queued = queue.indexOf(job);
    if (queued >= 0) queue.splice(queued, 1);
    const running = [...slots].find((s) => s.job === job);
    if (running) retire(running);
    job.reject(new ExtractError('timeout'));
    pump();
  };

  return {
    extract(html, url) {
      if (queue.length >= maxQueue) return Promise.reject(new ExtractError('busy'));
      return new Promise<ReadablePage>((resolve, reject) => {
        const job = { id: nextId++, html, url, resolve, reject } as Job;
        job.timer = setTimeout(() => onTimeout(job), timeoutMs);
        queue.push(job);
        pump();
      });
    },
    async close() {
      for (const job of queue.splice(0)) {
        clearTimeout(job.timer);
        job.reject(new ExtractError('failed'));
      }
      await Promise.all(
        [...slots].map((slot) => {
          slots.delete(slot);
          if (slot.idleTimer) clearTimeout(slot.idleTimer);
          if (slot.job) {
            clearTimeout(slot.job.timer);
            slot.job.reject(new ExtractError('failed'));
          }
          return slot.worker.terminate();
        }),
      );
    },
  };
}

let shared: PageExtractor | undefined;

/** The process-wide extractor, started on first use. */
export function sharedPageExtractor(): PageExtractor {
  return (shared ??= createPageExtractor());
}
