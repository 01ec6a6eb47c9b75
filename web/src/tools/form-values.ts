import { MSG, checkToolInputs, type ToolExample, type ToolField } from '@wanxiang/contract';

/**
 * The pure rules of a tool's form (no React): start values from the fields' defaults, an
 * example filling the form, checks before a run and the `inputs` a run sends. File and image
 * fields hold the id of an uploaded file.
 */

export type FormValue = string | number | boolean;
export type FormValues = Record<string, FormValue>;
export type FormErrors = Record<string, string>;

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

/** The form's values without the blank ones (the shared check then applies defaults or says what is required). */
function filled(values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => !isBlank(v)));
}

/**
 * The problem with one field's value, in Chinese, or null when it is fine: the registry's one
 * check (checkToolInputs, the server runs the same) applied to this field alone.
 */
export function fieldError(field: ToolField, value: FormValue | undefined): string | null {
  const checked = checkToolInputs({ fields: [field] }, filled(value === undefined ? {} : { [field.name]: value }));
  return checked.ok ? null : checked.msg;
}

/** Every field's problem at once, so the form marks them all. */
export function validateValues(fields: readonly ToolField[], values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const f of fields) {
    const e = fieldError(f, values[f.name]);
    if (e) errors[f.name] = e;
  }
  return errors;
}

/**
 * What a run sends: the shared check's normalised values (trimmed text, numbers as numbers,
 * defaults filled); null when a value is refused (validateValues says which).
 */
export function toInputs(fields: readonly ToolField[], values: FormValues): FormValues | null {
  const checked = checkToolInputs({ fields }, filled(values));
  return checked.ok ? checked.values : null;
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
