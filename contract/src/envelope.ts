/**
 * The JSON envelope every API answer uses, and the one table of error codes.
 * HTTP status is derived from the code through `httpStatusOf`, never from message text.
 */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const Code = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The server is shutting down or not ready: try again in a moment (another process will answer). */
  UNAVAILABLE: 503,
  /** A business rule refused the request (wrong code, wrong password...): HTTP 200. */
  FAILED: 1000,
  /** Login expired: the web app logs out like on 401. */
  LOGIN_EXPIRED: 4001,
  LOGIN_INVALID: 4005,
  /** Per-model count exhausted: the web app opens the membership-count popup. */
  NO_COUNT: 4201,
  /** Not enough points for an only_points / points-deduction model. */
  NO_POINTS: 4202,
  /** The account has no bound phone: the web app opens the phone-binding dialog. */
  NEED_PHONE: 4203,
  /** The user's membership tier may not use this model. */
  TIER_DENIED: 4204,
  /** The model is unknown or offline. */
  MODEL_OFFLINE: 4205,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** HTTP status for each code; business outcomes are 200. */
export function httpStatusOf(code: number): number {
  switch (code) {
    case Code.OK:
      return 200;
    case Code.BAD_REQUEST:
      return 400;
    case Code.UNAUTHORIZED:
      return 401;
    case Code.FORBIDDEN:
      return 403;
    case Code.NOT_FOUND:
      return 404;
    case Code.PAYLOAD_TOO_LARGE:
      return 413;
    case Code.RATE_LIMITED:
      return 429;
    case Code.INTERNAL:
      return 500;
    case Code.UNAVAILABLE:
      return 503;
    default:
      return 200;
  }
}

/** Codes after which the web app logs the user out and opens the login dialog. */
export const LOGOUT_CODES: readonly number[] = [Code.UNAUTHORIZED, Code.LOGIN_EXPIRED, Code.LOGIN_INVALID];

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: Code.OK, msg, data };
}

export function fail(code: number, msg: string, data: unknown = null): Envelope<unknown> {
  return { code, msg, data };
}
