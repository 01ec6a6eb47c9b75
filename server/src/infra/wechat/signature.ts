import { createHash, timingSafeEqual } from 'node:crypto';
import type { SignatureQuery } from './types';

/** WeChat's server signature: sha1 of [token, timestamp, nonce] sorted and joined. */
export function wechatSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join(''), 'utf8').digest('hex');
}

/** Constant-time check of a callback's signature; anything missing or malformed fails. */
export function signatureValid(token: string, q: SignatureQuery): boolean {
  const { signature, timestamp, nonce } = q;
  if (!token || !signature || !timestamp || !nonce) return false;
  if (!/^[0-9a-f]{40}$/i.test(signature)) return false;
  const expected = Buffer.from(wechatSignature(token, timestamp, nonce), 'utf8');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'utf8'));
}
