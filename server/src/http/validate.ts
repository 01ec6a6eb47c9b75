import type { z } from 'zod';
import { Code, MSG } from '@wanxiang/contract';
import { AppError } from './errors';

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
