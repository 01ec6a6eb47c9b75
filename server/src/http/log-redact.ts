import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/**
 * Query parameters whose values never reach a log line: session tokens and the desktop client's
 * one-time code and a WeChat QR's id (a logged URL must not be a login), WeChat's callback
 * signatures and the user's openid (together they let a reader replay a scan as that user).
 */
export const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'token',
  'access_token',
  'client_code',
  'device_token',
  'qrcode_id',
  'signature',
  'msg_signature',
  'openid',
]);

export const REDACTED = '[redacted]';

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** `url` with the values of SECRET_QUERY_PARAMS replaced by [redacted] (names matched decoded, any case). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      return SECRET_QUERY_PARAMS.has(decodedName(name)) ? `${name}=${REDACTED}` : part;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's request log fields, with the URL redacted. */
export function requestLogFields(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Fields pino replaces with [redacted] in any log line, at the top or one level down (`{ headers: { authorization } }`,
 * `{ body: { password } }`): no line is meant to hold them (request lines carry no header or body at all), so this
 * only guards against a future `log.info({ headers })` or a logged input object spilling a secret.
 */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'token',
  // The spec's login and register bodies name the password `pass`.
  'pass',
  'password',
  'oldPassword',
  'newPassword',
  'apiKey',
  'api_key',
  'secret',
  'accessToken',
  'access_token',
  'refreshToken',
  'appSecret',
];
export const REDACTED_PATHS: readonly string[] = SECRET_FIELDS.flatMap((f) => {
  const key = /^[A-Za-z_]\w*$/.test(f) ? f : `["${f}"]`;
  return [key, `*.${key}`.replace('.[', '[')];
});

/**
 * The Fastify logger of LOG_LEVEL: every request line goes through requestLogFields, secret-named
 * fields are redacted. `stream` replaces stdout (tests read the lines).
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (level === 'silent' && !stream) return false;
  return {
    level,
    serializers: { req: requestLogFields },
    redact: { paths: [...REDACTED_PATHS], censor: REDACTED },
    ...(stream ? { stream } : {}),
  };
}
