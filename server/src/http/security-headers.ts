import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Security headers on every answer (QUALITY G20): the web app, its static files, the API and the
 * few HTML pages the server renders itself. One policy for all of them: JSON is not rendered by
 * browsers, and the server-rendered pages live under /api.
 *
 * What the web app needs, and why each source is there:
 * - script-src 'self': Vite emits module scripts and chunks only, no inline script; workers and
 *   the service worker are files of the build too.
 * - style-src 'unsafe-inline': antd's CSS-in-JS inserts <style> elements, and React writes
 *   style="" attributes (markmap, echarts containers, KaTeX spacing).
 * - img-src data: blob: https:: inline SVG icons and markmap's PNG export (data:), previews of
 *   picked images (blob:), avatars and operator images on other hosts (https:).
 * - font-src data:: KaTeX ships some fonts inlined.
 * - frame-ancestors 'self' (and X-Frame-Options for old browsers): no other site may frame us.
 */
const DIRECTIVES: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob: https:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'media-src': "'self' data: blob:",
  'worker-src': "'self' blob:",
  'manifest-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'self'",
};

const policy = (overrides: Record<string, string> = {}) =>
  Object.entries({ ...DIRECTIVES, ...overrides })
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');

export const CONTENT_SECURITY_POLICY = policy();

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  // Other sites see our origin only, never a path or query (a desktop-client address carries a token).
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
};

/** Set the headers on every reply, errors and 404s included, before any handler runs. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_req, reply) => {
    void reply.headers(SECURITY_HEADERS);
  });
}

/**
 * For a page the server renders with an inline <script> (the development stand-ins): allow
 * scripts carrying the returned nonce on this reply only. Injected markup cannot guess it.
 */
export function scriptNonce(reply: FastifyReply): string {
  const nonce = randomBytes(16).toString('base64');
  void reply.header('content-security-policy', policy({ 'script-src': `'self' 'nonce-${nonce}'` }));
  return nonce;
}
