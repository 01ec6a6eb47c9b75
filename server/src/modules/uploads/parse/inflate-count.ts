// Loaded by the worker thread under Node's own type stripping: erasable TypeScript only, explicit extensions.
import { createInflate, createInflateRaw, type Inflate, type InflateRaw } from 'node:zlib';

/**
 * Inflate as a stream and count what comes out, keeping none of it: the only sure size of a
 * compressed part is the one its bytes produce (headers declare what the attacker wants).
 * zlib works in 64 KB pieces off the main thread; the count stops at `budget`.
 */

export type Inflater = 'raw' | 'zlib';

export interface InflateCount {
  /** Bytes produced by every stage (an intermediate stage's output is memory too). */
  bytes: number;
  /** end: the data ended; over: past the budget, stopped there; error: not valid compressed data. */
  result: 'end' | 'over' | 'error';
}

const CHUNK = 64 * 1024;

export function countInflated(input: Uint8Array, stages: readonly Inflater[], budget: number): Promise<InflateCount> {
  return new Promise((resolve) => {
    const streams: (Inflate | InflateRaw)[] = stages.map((s) => (s === 'raw' ? createInflateRaw({ chunkSize: CHUNK }) : createInflate({ chunkSize: CHUNK })));
    let bytes = 0;
    let done = false;
    const finish = (result: InflateCount['result']) => {
      if (done) return;
      done = true;
      for (const s of streams) s.destroy();
      resolve({ bytes, result });
    };
    streams.forEach((s, i) => {
      s.on('error', () => finish('error'));
      s.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > budget) return finish('over');
        const next = streams[i + 1];
        if (next && !next.write(chunk)) {
          s.pause();
          next.once('drain', () => s.resume());
        }
      });
      s.on('end', () => {
        const next = streams[i + 1];
        if (next) next.end();
        else finish('end');
      });
    });
    streams[0]!.end(input);
  });
}
