import { API_KEYS_MSG as M, Code, MSG } from '@wanxiang/contract';
import type { FastifyError } from 'fastify';
import { AppError } from '../../errors';

/**
 * Errors of the OpenAI-compatible API in OpenAI's shape, `{error:{message,type,code}}` with the HTTP status OpenAI
 * clients branch on (docs/openai-api.md "Errors"). Messages stay Chinese, like the rest of the product.
 */
export class OpenAiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
    readonly code: string | null,
    /** Seconds, for 429s of the per-key limit. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'OpenAiError';
  }

  body(): OpenAiErrorBody {
    return { error: { message: this.message, type: this.type, param: null, code: this.code } };
  }
}

export interface OpenAiErrorBody {
  error: { message: string; type: string; param: null; code: string | null };
}

export const invalidKey = (message: string = M.openaiKeyInvalid) =>
  new OpenAiError(401, message, 'invalid_request_error', 'invalid_api_key');
export const badBody = (message: string) => new OpenAiError(400, message, 'invalid_request_error', 'invalid_request');
export const modelNotFound = (model: string) =>
  new OpenAiError(404, M.openaiModelNotFound(model), 'invalid_request_error', 'model_not_found');

/**
 * The product's own refusals (AppError codes from the shared chat, quota and fair-use rules) as OpenAI errors: the
 * quota's Chinese message kept, the status an OpenAI client understands. Anything else is a 500 without details.
 */
export function toOpenAiError(err: unknown): OpenAiError {
  if (err instanceof OpenAiError) return err;
  if (err instanceof AppError) {
    switch (err.code) {
      case Code.NO_COUNT:
      case Code.NO_POINTS:
        return new OpenAiError(429, err.message, 'insufficient_quota', 'insufficient_quota');
      case Code.RATE_LIMITED:
        return new OpenAiError(429, err.message, 'rate_limit_exceeded', 'rate_limit_exceeded');
      case Code.TIER_DENIED:
      case Code.NEED_PHONE:
      case Code.FORBIDDEN:
        return new OpenAiError(403, err.message, 'permission_error', 'permission_denied');
      case Code.MODEL_OFFLINE:
        return new OpenAiError(404, err.message, 'invalid_request_error', 'model_not_found');
      case Code.UNAUTHORIZED:
        return invalidKey();
      case Code.BAD_REQUEST:
      case Code.NOT_FOUND:
        return badBody(err.message);
      case Code.UNAVAILABLE:
        return new OpenAiError(503, err.message, 'server_error', 'unavailable');
      default:
        break;
    }
  }
  const fe = err as Partial<FastifyError>;
  // Fastify's own refusals before the handler (unparsable JSON, a body over the limit).
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new OpenAiError(
      fe.statusCode,
      M.openaiBadBody(fe.statusCode === 413 ? '请求体过大' : 'JSON 无法解析'),
      'invalid_request_error',
      'invalid_request',
    );
  }
  return new OpenAiError(500, MSG.serverError, 'server_error', null);
}
