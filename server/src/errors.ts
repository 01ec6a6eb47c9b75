import { z } from 'zod';
import { Code, fail, httpStatusOf, MSG, type Envelope } from '@wanxiang/contract';

/*
 * The error table of the server: errors as values with stable codes, and the one mapping from a thrown value to the
 * envelope. It sits under every layer (docs/development.md "Layers"), so the streaming and task engines, the platform
 * and the modules all throw and render the same errors. `http/errors.ts`, `http/error-envelope.ts` and
 * `http/validate.ts` re-export these names for the imports that still use them.
 */

/** An error with a stable envelope code; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string) => new AppError(Code.BAD_REQUEST, msg);
export const unauthorized = (msg: string = MSG.unauthorized) => new AppError(Code.UNAUTHORIZED, msg);
export const forbidden = (msg: string) => new AppError(Code.FORBIDDEN, msg);
export const notFound = (msg: string = MSG.notFound) => new AppError(Code.NOT_FOUND, msg);
export const rateLimited = (msg: string = MSG.rateLimited) => new AppError(Code.RATE_LIMITED, msg);
/** A business refusal answered with HTTP 200 and a non-200 code. */
export const refused = (msg: string, code: number = Code.FAILED, data: unknown = null) => new AppError(code, msg, data);

/**
 * The Chinese sentence for one zod issue. With the parsed `input`, a field that is absent reads
 * "please fill in"; without it (a ZodError that escaped a handler) every field reads "malformed".
 */
export function issueMessage(issue: z.core.$ZodIssue, input?: unknown): string {
  const field = issue.path.length ? issue.path.map(String).join('.') : 'body';
  const msg = issue.message;
  // zod's own English defaults are replaced; schema-authored Chinese messages pass through.
  if (msg && /[\u4e00-\u9fff]/.test(msg)) return msg;
  if (issue.code === 'invalid_type' && input !== undefined && valueAt(input, issue.path) === undefined) return MSG.missingField(field);
  return MSG.badField(field);
}

/** The value at a zod issue path inside `input` (undefined when any step is missing). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

export interface ErrorReply {
  status: number;
  body: Envelope<unknown>;
  /** How loudly to log: unexpected errors are errors; refusals with a cause are warnings. */
  log: 'none' | 'warn' | 'error';
}

interface HttpishError {
  code?: unknown;
  statusCode?: unknown;
  validation?: unknown;
  cause?: unknown;
}

/**
 * The one mapping from a thrown value to the envelope of API.md: AppError keeps its code,
 * bad input from Fastify becomes 400/413 with a Chinese sentence, anything else is a masked 500.
 * Status comes from codes, never from message text.
 */
export function errorReply(err: unknown): ErrorReply {
  if (err instanceof AppError) {
    return { status: httpStatusOf(err.code), body: fail(err.code, err.message, err.data), log: err.cause ? 'warn' : 'none' };
  }
  if (err instanceof z.core.$ZodError) {
    const issue = err.issues[0];
    return { status: 400, body: fail(Code.BAD_REQUEST, issue ? issueMessage(issue) : MSG.badRequest), log: 'none' };
  }
  const e = (err ?? {}) as HttpishError;
  const code = typeof e.code === 'string' ? e.code : '';
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: fail(Code.PAYLOAD_TOO_LARGE, MSG.tooLarge), log: 'none' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: fail(Code.BAD_REQUEST, MSG.invalidJson), log: 'none' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, body: fail(Code.BAD_REQUEST, MSG.contentTypeUnsupported), log: 'none' };
  }
  if (e.validation) return { status: 400, body: fail(Code.BAD_REQUEST, MSG.badRequest), log: 'none' };
  if (status >= 400 && status < 500) return clientError(status);
  return { status: 500, body: fail(Code.INTERNAL, MSG.serverError), log: 'error' };
}

/** A 4xx raised by Fastify or a plugin (bad URL, size limits, rate limits...), in envelope form. */
function clientError(status: number): ErrorReply {
  if (status === 413) return { status, body: fail(Code.PAYLOAD_TOO_LARGE, MSG.tooLarge), log: 'none' };
  if (status === 429) return { status, body: fail(Code.RATE_LIMITED, MSG.rateLimited), log: 'none' };
  if (status === 401) return { status, body: fail(Code.UNAUTHORIZED, MSG.unauthorized), log: 'none' };
  if (status === 404) return { status, body: fail(Code.NOT_FOUND, MSG.notFound), log: 'none' };
  if (status === 415) return { status: 400, body: fail(Code.BAD_REQUEST, MSG.contentTypeUnsupported), log: 'none' };
  return { status: 400, body: fail(Code.BAD_REQUEST, MSG.badRequest), log: 'none' };
}
