import type { z } from 'zod';
import { Code, MSG } from '@wanxiang/contract';
import { AppError, issueMessage } from '../errors';

// issueMessage lives with the error table (server/src/errors.ts); re-exported for its users here.
export { issueMessage };

/**
 * Parse a payload with a contract schema. A failure becomes a 400 whose message is the
 * schema's own Chinese sentence, or one naming the field when the schema has none.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const value = input ?? {};
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new AppError(Code.BAD_REQUEST, issue ? issueMessage(issue, value) : MSG.badField('body'));
}
