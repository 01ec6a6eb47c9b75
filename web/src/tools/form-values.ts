import { MSG, type ToolExample, type ToolField } from '@wanxiang/contract';

/**
 * The pure rules of a tool's form (no React): start values from the fields' defaults, an
 * example filling the form, checks before a run and the `inputs` a run sends. File and image
 * fields hold the id of an uploaded file.
 */

export type FormValue = string | number | boolean;
export type FormValues = Record<string, FormValue>;
export type FormErrors = Record<string, string>;

/** Count characters as the user sees them (an emoji is one). */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The value a field starts with: its default, else the first option of a radio, false for a switch, '' otherwise. */
export function defaultValue(field: ToolField): FormValue {
  if (field.default !== undefined) return field.default;
  if (field.type === 'switch') return false;
  if (field.type === 'radio' && field.options?.[0]) return field.options[0].value;
  return '';
}

export function initialValues(fields: readonly ToolField[]): FormValues {
  return Object.fromEntries(fields.map((f) => [f.name, defaultValue(f)]));
}

/**
 * An example on top of the start values: the fields it names take its values, the others go back
 * to their defaults (so an earlier example leaves nothing behind). Names the form lacks are ignored.
 */
export function applyExample(fields: readonly ToolField[], example: ToolExample): FormValues {
  const values = initialValues(fields);
  for (const f of fields) {
    const v = example.inputs[f.name];
    if (v !== undefined) values[f.name] = v;
  }
  return values;
}

const isBlank = (v: FormValue | undefined) => v === undefined || (typeof v === 'string' && v.trim() === '');

/** The problem with one field's value, in Chinese, or null when it is fine. */
export function fieldError(field: ToolField, value: FormValue | undefined): string | null {
  if (isBlank(value)) return field.required && field.type !== 'switch' ? MSG.toolFormRequired(field.label) : null;
  if ((field.type === 'text' || field.type === 'textarea') && field.max && charCount(String(value)) > field.max) {
    return MSG.toolFormTooLong(field.label, field.max);
  }
  if (field.type === 'number') {
    const n = Number(value);
    if (!Number.isFinite(n) || (field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max)) {
      return MSG.toolFormNumberRange(field.label, field.min, field.max);
    }
  }
  if ((field.type === 'select' || field.type === 'radio') && field.options && !field.options.some((o) => o.value === String(value))) {
    return MSG.toolFormRequired(field.label);
  }
  return null;
}

export function validateValues(fields: readonly ToolField[], values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const f of fields) {
    const e = fieldError(f, values[f.name]);
    if (e) errors[f.name] = e;
  }
  return errors;
}

/** What a run sends: trimmed text, numbers as numbers; blank optional fields are left out (the server's defaults apply). */
export function toInputs(fields: readonly ToolField[], values: FormValues): FormValues {
  const inputs: FormValues = {};
  for (const f of fields) {
    const v = values[f.name];
    if (isBlank(v)) continue;
    if (f.type === 'number') inputs[f.name] = Number(v);
    else if (f.type === 'switch') inputs[f.name] = Boolean(v);
    else if (typeof v === 'string' && f.type !== 'textarea') inputs[f.name] = v.trim();
    else inputs[f.name] = v as FormValue;
  }
  return inputs;
}

/** The label of an option value (history shows what was picked), or the value itself. */
export function optionLabel(field: ToolField, value: FormValue): string {
  return field.options?.find((o) => o.value === String(value))?.label ?? String(value);
}

/** One line describing a saved run's inputs: the main text first, then the other picks. */
export function summarizeInputs(fields: readonly ToolField[], inputs: Record<string, FormValue>): string {
  const main = inputs.text !== undefined ? String(inputs.text) : '';
  const rest = fields
    .filter((f) => f.name !== 'text' && inputs[f.name] !== undefined && f.type !== 'file' && f.type !== 'image')
    .map((f) => (f.type === 'switch' ? (inputs[f.name] ? f.label : '') : optionLabel(f, inputs[f.name] as FormValue)))
    .filter(Boolean);
  return [main, ...rest].filter(Boolean).join(' · ');
}

/** The extensions a file field takes, as the file picker's accept attribute. */
export function acceptAttr(field: ToolField): string | undefined {
  if (field.accept?.length) return field.accept.map((e) => `.${e}`).join(',');
  return field.type === 'image' ? 'image/*' : undefined;
}

/** Why a picked file cannot go up (type or size, checked again by the server), or null. */
export function fileProblem(field: ToolField, file: { name: string; size: number }): string | null {
  const ext = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  if (field.accept?.length && !field.accept.map((e) => e.toLowerCase()).includes(ext)) return MSG.toolFormUploadBadType(field.accept.join('/'));
  if (field.maxBytes && file.size > field.maxBytes) return MSG.toolFormUploadTooBig(bytesToMb(field.maxBytes));
  return null;
}

export function bytesToMb(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10;
}
