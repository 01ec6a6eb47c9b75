import type { z } from 'zod';
import { MSG } from '@wanxiang/contract';
import { AppError } from './errors';
import { Code } from '@wanxiang/contract';

/**
 * Parse a payload with a contract schema. A failure becomes a 400 whose message is the
 * schema's own Chinese sentence, or one naming the field when the schema has none.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new AppError(Code.BAD_REQUEST, issue ? issueMessage(issue) : MSG.badField('body'));
}

function issueMessage(issue: z.core.$ZodIssue): string {
  const field = issue.path.length ? issue.path.map(String).join('.') : 'body';
  const msg = issue.message;
  // zod's own English defaults are replaced; schema-authored Chinese messages pass through.
  if (msg && /[\u4e00-\u9fff]/.test(msg)) return msg;
  if (issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined) return MSG.missingField(field);
  return MSG.badField(field);
}
