import { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { AppMetrics } from '../infra/metrics';
import { redactUrl } from './log-redact';

/** The route label of a request no route matched (unknown API paths, web pages served by the fallback). */
export const UNMATCHED_ROUTE = 'unmatched';

/** nginx's word for a client that went away before any answer was written. */
const CLIENT_CLOSED = 499;

/** The route's pattern (`/api/v1/tasks/:taskId`), never the URL with its ids. */
export function routeOf(req: FastifyRequest): string {
  return req.routeOptions.url ?? UNMATCHED_ROUTE;
}

/**
 * Fastify's own log lines minus its two per-request lines, which registerRequestLog writes instead; the rest (a stream
 * that ended with an error after its headers, a failing serializer) stays Fastify's.
 */
class WithoutRequestLines extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(): void {}
}

/** The `logController` server option that goes with registerRequestLog. */
export const requestLogController = (): LogController => new WithoutRequestLines();

/**
 * One structured line per request when its answer ends, and the request's numbers (wanxiang_http_*). Fastify's own
 * request lines are switched off (requestLogController) because they carry neither the route pattern nor the user, and skip requests
 * whose client left: this hook listens on the socket's answer itself, so a stopped stream or a dropped download is
 * logged and counted too. The line holds who (user id, never the token), what (method, route pattern, redacted URL),
 * how it went (status, duration) and the request id through the request's logger; never a header, cookie or body.
 */
export function registerRequestLog(app: FastifyInstance, metrics: Pick<AppMetrics, 'httpRequest'>): void {
  app.addHook('onRequest', (req, reply, done) => {
    const started = performance.now();
    req.log.info({ req }, 'incoming request');
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      const res = reply.raw;
      const seconds = (performance.now() - started) / 1000;
      const aborted = !res.writableFinished;
      const status = aborted && !res.headersSent ? CLIENT_CLOSED : res.statusCode;
      const route = routeOf(req);
      metrics.httpRequest({ method: req.method, route, status, seconds });
      req.log.info(
        {
          method: req.method,
          route,
          url: redactUrl(req.url),
          status,
          durationMs: Math.round(seconds * 10_000) / 10,
          userId: req.authUser?.id ?? null,
          ...(aborted ? { aborted: true } : {}),
        },
        'request completed',
      );
    };
    reply.raw.once('finish', end);
    reply.raw.once('close', end);
    done();
  });
}
