import type { AuthUser } from '../../http/auth-user';

/** At most this long may a revoked or changed session be served from another process's cache. */
export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 50_000;

interface Entry {
  user: AuthUser;
  until: number;
}

/**
 * Token-hash -> AuthUser for a few seconds. The auth hook runs on every API request, the chat hot
 * path included; this turns the token lookup into a Map read. Logout drops the entry at once in
 * this process and tells the others through the shared store's pub/sub (watchSessionDrops); the
 * TTL bounds what a lost message could leave behind.
 */
export class SessionCache {
  private readonly map = new Map<string, Entry>();

  get(hash: string, now: number): AuthUser | null {
    const e = this.map.get(hash);
    if (!e) return null;
    if (e.until <= now) {
      this.map.delete(hash);
      return null;
    }
    return e.user;
  }

  /** Cache until `now + TTL`, or the token's own expiry when sooner. */
  set(hash: string, user: AuthUser, now: number, expiresAt: number): void {
    if (this.map.size >= MAX_ENTRIES) this.evict(now);
    this.map.set(hash, { user: Object.freeze({ ...user }), until: Math.min(now + SESSION_CACHE_TTL_MS, expiresAt) });
  }

  drop(hash: string): void {
    this.map.delete(hash);
  }

  /** Forget every session of a user (after a change to vip, phone, or a ban). */
  dropUser(userId: number): void {
    for (const [h, e] of this.map) if (e.user.id === userId) this.map.delete(h);
  }

  get size(): number {
    return this.map.size;
  }

  private evict(now: number): void {
    for (const [h, e] of this.map) if (e.until <= now) this.map.delete(h);
    // Still full: drop the oldest insertions (Map keeps insertion order).
    let excess = this.map.size - MAX_ENTRIES + 1;
    for (const h of this.map.keys()) {
      if (excess-- <= 0) break;
      this.map.delete(h);
    }
  }
}
