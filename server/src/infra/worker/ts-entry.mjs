// Plain JavaScript on purpose: this file must load on every Node that `engines` allows, before any
// TypeScript can. Node 22.18+ strips types itself (process.features.typescript); Node 20 cannot,
// and tsx's hooks registered by the parent's `--import tsx` do not reach worker threads there.
import process from 'node:process';
import { workerData } from 'node:worker_threads';

if (!process.features.typescript) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(workerData.tsWorkerModule);
