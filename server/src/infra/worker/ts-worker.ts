import { Worker, type WorkerOptions } from 'node:worker_threads';

const ENTRY = new URL('./ts-entry.mjs', import.meta.url);

/**
 * A worker thread running the TypeScript module at `module`, on any Node that `engines` allows:
 * a plain-JavaScript entry loads it, with tsx's loader where Node cannot strip types (Node 20).
 * The module's own imports must name their `.ts` extensions (native type stripping needs them).
 */
export function startTsWorker(module: URL, options: Omit<WorkerOptions, 'workerData'> = {}): Worker {
  return new Worker(ENTRY, { ...options, workerData: { tsWorkerModule: module.href } });
}
