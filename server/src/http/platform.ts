import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, fail, MSG } from '@wanxiang/contract';
import { tokenFromRequest, type AuthUser } from './auth-user';
import { AppError } from './errors';
import { errorReply } from './error-envelope';
import { registerSecurityHeaders, SECURITY_HEADERS } from './security-headers';
import { hasLoneSurrogate, wellFormedDeep } from '../streaming/well-formed';
import { redactUrl } from './log-redact';

/** A route as registered, full URL with prefix (for the fuzz test, docs and diagnostics). */
export interface RouteInfo {
  method: string;
  url: string;
}

type PageFallback = (req: FastifyRequest, reply: FastifyReply) => unknown;

/** What the platform keeps about one app: owned by that Fastify instance (a decoration), not a module-level map. */
interface PlatformState {
  routes: RouteInfo[];
  pageFallback: PageFallback | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: PlatformState;
  }
}

/** Every route registered after the platform, in registration order. */
export function listRoutes(app: FastifyInstance): RouteInfo[] {
  return [...(app.platform?.routes ?? [])];
}

/** Who answers GETs for unknown non-API paths (static-web: index.html or the not-built page). */
export function setPageFallback(app: FastifyInstance, handler: PageFallback): void {
  app.platform.pageFallback = handler;
}

export const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** The OpenAI-compatible API (docs/openai-api.md): its Bearer is an API key, checked by its own hook, never a session. */
export const isOpenAiApiPath = (url: string) => url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');

/**
 * Errors Fastify raises before any hook runs (an undecodable path, a path parameter over the
 * length limit). Pass as the `frameworkErrors` server option so they answer the envelope too.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const r = errorReply(err);
  void reply.code(r.status).headers(SECURITY_HEADERS).header('x-request-id', req.id).send(r.body);
}

/**
 * Who a session token belongs to (null: no valid session). The auth module owns sessions; the app
 * hands its resolver to the platform, so the platform (imported by every module) imports no module.
 */
export type SessionResolver = (token: string) => Promise<AuthUser | null>;

/**
 * Platform plugins every route relies on: the request id header, JSON bodies (empty allowed),
 * the session hook, one error handler and the API 404. Registered before any module's routes.
 */
export async function registerPlatform(app: FastifyInstance, resolveSession: SessionResolver): Promise<void> {
  app.decorateRequest('authUser', null);
  registerSecurityHeaders(app);

  const state: PlatformState = { routes: [], pageFallback: null };
  app.decorate('platform', state);
  const routes = state.routes;
  app.addHook('onRoute', (r) => {
    for (const method of Array.isArray(r.method) ? r.method : [r.method]) {
      if (!routes.some((x) => x.method === method && x.url === r.url)) routes.push({ method, url: r.url });
    }
  });

  // The spec's clients POST without a body (logout, check-ins...): an empty JSON body is no body.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (/^\s*$/.test(text)) return done(null, undefined);
    json(req, text, (err, value) => {
      if (err) return done(err, undefined);
      if (/\\u0000/i.test(text) && containsNul(value)) return done(nulRefused(), undefined);
      // A lone surrogate can only arrive escaped (UTF-8 cannot carry one): made well-formed here,
      // once, so no route fails later writing it to jsonb (a 500, or a delivered answer unpaid).
      if (SURROGATE_ESCAPE.test(text) && hasLoneSurrogate(value)) return done(null, wellFormedDeep(value));
      done(null, value);
    });
  });

  app.addHook('onRequest', async (req, reply) => {
    void reply.header('x-request-id', req.id);
    if (req.url.includes('%00') && (containsNul(req.query) || containsNul(req.params))) throw nulRefused();
    const token = isOpenAiApiPath(req.url) ? null : tokenFromRequest(req);
    if (token) req.authUser = await resolveSession(token);
  });

  app.setErrorHandler((err, req, reply) => {
    const r = errorReply(err);
    if (r.log === 'error') req.log.error({ err, reqId: req.id, url: redactUrl(req.url) }, 'request failed');
    else if (r.log === 'warn') req.log.warn({ err, reqId: req.id, url: redactUrl(req.url) }, 'request refused');
    if (reply.sent || reply.raw.headersSent) return;
    void reply.code(r.status).header('x-request-id', req.id).send(r.body);
  });

  app.setNotFoundHandler((req, reply) => {
    const fallback = state.pageFallback;
    if (!isApiPath(req.url) && !isOpenAiApiPath(req.url) && fallback) return fallback(req, reply);
    return reply.code(404).send(fail(Code.NOT_FOUND, MSG.notFound));
  });
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL in any input string would surface as a database
 * error deep inside a module; refusing it at the edge keeps that a 400 for every route.
 */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  for (const v of Object.values(value)) if (containsNul(v, depth + 1)) return true;
  return Object.keys(value).some((k) => k.includes('\u0000'));
}

const nulRefused = () => new AppError(Code.BAD_REQUEST, MSG.badRequest);

/** A `\uD800`-`\uDFFF` escape in JSON text: the only way a lone surrogate gets into a parsed body. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;
