import { createHash, randomBytes } from 'node:crypto';

/**
 * Session tokens: 32 random bytes, base64url (43 characters). Only the SHA-256 is stored, so a
 * leaked database cannot be replayed as sessions.
 */
export interface NewToken {
  token: string;
  hash: string;
}

export function newSessionToken(): NewToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Cheap shape check so garbage headers never reach the database. */
export function looksLikeToken(s: string): boolean {
  return /^[\w-]{16,128}$/.test(s);
}
