import { Code, MSG } from '@wanxiang/contract';

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
