import type { FastifyRequest } from 'fastify';
import { MSG, type UserRole } from '@wanxiang/contract';
import { forbidden, unauthorized } from './errors';

/** The authenticated caller, resolved from the `token` header (or Authorization: Bearer). */
export interface AuthUser {
  id: number;
  vip: number;
  phone: string | null;
  /** user | admin, read with the session (a change drops the user's cached sessions, so it is never stale for long). */
  role: UserRole;
  tokenId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin's hook when a valid token was sent. */
    authUser: AuthUser | null;
  }
}

/** The caller or a 401; the first line of every login-required handler. */
export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.authUser) throw unauthorized();
  return req.authUser;
}

/**
 * The caller when it is an admin: visitors 401, other accounts 403 (both the envelope). The first line of every
 * /api/admin/* handler (docs/admin.md).
 */
export function requireAdmin(req: FastifyRequest): AuthUser {
  const user = requireUser(req);
  if (user.role !== 'admin') throw forbidden(MSG.adminForbidden);
  return user;
}

/** Read the session token from the request headers. */
export function tokenFromRequest(req: FastifyRequest): string | null {
  const t = req.headers.token;
  if (typeof t === 'string' && t.length > 0) return t;
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && auth.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  return null;
}
