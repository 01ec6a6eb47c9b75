import { pipeline } from 'node:stream/promises';
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { SafeFetchError } from './errors';

/** Encodings we ask for and can undo; anything else is asked not to be sent. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * Read a response body into memory, decompressing it, and stop as soon as the decoded size
 * passes `maxBytes` (a compressed bomb is cut at the cap, not after inflating it).
 */
export async function readCapped(body: Readable, contentEncoding: string | undefined, maxBytes: number): Promise<Buffer> {
  const decoder = decoderFor(contentEncoding);
  const chunks: Buffer[] = [];
  let total = 0;
  const sink = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      total += chunk.length;
      if (total > maxBytes) throw new SafeFetchError('too_large');
      chunks.push(chunk);
    }
  };
  if (decoder) await pipeline(body, decoder, sink);
  else await pipeline(body, sink);
  return Buffer.concat(chunks, total);
}

function decoderFor(contentEncoding: string | undefined): Transform | null {
  const enc = (contentEncoding ?? '').trim().toLowerCase();
  switch (enc) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      throw new SafeFetchError('http');
  }
}
