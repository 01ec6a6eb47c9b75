import { z } from 'zod';
import { Code, fail, httpStatusOf, MSG, type Envelope } from '@wanxiang/contract';
import { AppError } from './errors';
import { issueMessage } from './validate';

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
