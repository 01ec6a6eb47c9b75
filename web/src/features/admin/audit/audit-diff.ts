import { ADMIN_CONSOLE_MSG as T } from '@wanxiang/contract';

/**
 * An audit row's before/after as something a person reads (pure, unit-tested): field by field when both sides are
 * objects (the audit log stores the changed fields' values), one row otherwise; and the whole values as pretty JSON.
 */

export interface DiffRow {
  /** The field name; '' for a value that is not an object. */
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as one line: strings as they are, nothing as （无）, yes/no for booleans, everything else as compact JSON. */
export function valueText(v: unknown): string {
  if (v === undefined || v === null) return T.auditEmptyValue;
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? T.auditYes : T.auditNo;
  return JSON.stringify(v);
}

/** Field-by-field rows: every key of before, then the keys only after has, each marked changed or not. */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  if (!isRecord(before) && !isRecord(after)) {
    const b = valueText(before);
    const a = valueText(after);
    return [{ field: '', before: b, after: a, changed: b !== a }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((field) => {
    const bt = valueText(b[field]);
    const at = valueText(a[field]);
    return { field, before: bt, after: at, changed: JSON.stringify(b[field]) !== JSON.stringify(a[field]) };
  });
}

/** A field's Chinese name (积分), or the field itself when the console does not know it. */
export function fieldLabel(field: string): string {
  return T.auditFieldNames[field] ?? field;
}

/** The changed fields in one line (积分: 0 → 88；原因: （无） → 活动奖励), for the log's table. */
export function changeSummary(before: unknown, after: unknown): string {
  return auditDiff(before, after)
    .filter((r) => r.changed)
    .map((r) => `${r.field ? `${fieldLabel(r.field)}: ` : ''}${r.before} → ${r.after}`)
    .join('；');
}

/** The whole value, indented, for the side-by-side view. */
export function prettyJson(v: unknown): string {
  if (v === undefined || v === null) return T.auditEmptyValue;
  return JSON.stringify(v, null, 2);
}
