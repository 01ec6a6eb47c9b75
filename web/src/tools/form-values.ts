import { MSG, TOOL_TEXT_MAX_DEFAULT, checkToolInputs, isIsoDate, type ToolExample, type ToolField } from '@wanxiang/contract';
import { FIELD_MSG } from './fields/messages';

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
  if (field.type === 'switch' || field.type === 'consent') return false;
  if (field.type === 'radio' && field.options?.[0]) return field.options[0].value;
  return '';
}

export function initialValues(fields: readonly ToolField[]): FormValues {
  return Object.fromEntries(fields.map((f) => [f.name, defaultValue(f)]));
}

/**
 * A link's prefill (`?<field name>=<value>`, e.g. /aiGenerate/aiDocument?docType=工作总结) as
 * values of the tool's form: only names the form has, and only values the form could hold, so a
 * hand-made link can't put the form in a state the user didn't choose. A select or radio takes one
 * of its options, text is cut to the field's most characters (as a person counts them), a number
 * must be within its range, a switch is true/false (or 1/0), a date a real YYYY-MM-DD day. File and
 * image fields are never prefilled: a file id belongs to the user who uploaded it. The first of
 * repeated names wins; anything else is left out and the field keeps its start value.
 */
export function prefillFromQuery(fields: readonly ToolField[], params: URLSearchParams): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    const raw = params.get(f.name);
    if (raw === null) continue;
    const value = prefillValue(f, raw);
    if (value !== undefined) values[f.name] = value;
  }
  return values;
}

function prefillValue(field: ToolField, raw: string): FormValue | undefined {
  switch (field.type) {
    case 'text':
    case 'textarea': {
      if (raw.trim() === '') return undefined;
      const chars = Array.from(raw);
      const max = field.max ?? TOOL_TEXT_MAX_DEFAULT;
      return chars.length > max ? chars.slice(0, max).join('') : raw;
    }
    case 'select':
    case 'radio':
    case 'style':
    case 'size':
      return field.options?.some((o) => o.value === raw) ? raw : undefined;
    case 'number': {
      if (!/^-?\d+(\.\d+)?$/.test(raw.trim())) return undefined;
      const n = Number(raw);
      const inRange = n >= (field.min ?? Number.MIN_SAFE_INTEGER) && n <= (field.max ?? Number.MAX_SAFE_INTEGER);
      return inRange ? n : undefined;
    }
    case 'switch':
      return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : undefined;
    case 'date':
      return isIsoDate(raw.trim()) ? raw.trim() : undefined;
    case 'voice':
      return /^[A-Za-z0-9:._/-]{1,128}$/.test(raw) ? raw : undefined;
    // File ids belong to their uploader, and a consent is the user's own tick: never a link's.
    case 'file':
    case 'image':
    case 'mask':
    case 'consent':
      return undefined;
  }
}

/** A tool page's start values: the fields' defaults with the link's prefill on top. */
export function prefilledValues(fields: readonly ToolField[], params: URLSearchParams): FormValues {
  return { ...initialValues(fields), ...prefillFromQuery(fields, params) };
}

/**
 * The accepted prefill as a query string ('' when none), so a page that leads to the tool
 * (/AIApplyDetail?id=aiDocument&docType=工作总结) hands on only what the tool's form takes.
 */
export function prefillSearch(fields: readonly ToolField[], params: URLSearchParams): string {
  const accepted = Object.entries(prefillFromQuery(fields, params)).map(([k, v]) => [k, String(v)]);
  return accepted.length ? `?${new URLSearchParams(accepted).toString()}` : '';
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
  // The image fields' missing answers say what to do rather than 请填写….
  if (field.required) {
    if (field.type === 'consent' && value !== true) return FIELD_MSG.consentRequired;
    if (field.type === 'mask' && isBlank(value)) return FIELD_MSG.maskRequired;
    if ((field.type === 'style' || field.type === 'size') && isBlank(value)) return FIELD_MSG.pickRequired(field.label);
  }
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

/** Fields whose value says nothing to a reader (file ids, a tick, a voice id). */
const UNSUMMARIZED = new Set<ToolField['type']>(['file', 'image', 'mask', 'consent', 'voice']);

/** One line describing a saved run's inputs: the main text first, then the other picks. */
export function summarizeInputs(fields: readonly ToolField[], inputs: Record<string, FormValue>): string {
  const main = inputs.text !== undefined ? String(inputs.text) : '';
  const rest = fields
    .filter((f) => f.name !== 'text' && inputs[f.name] !== undefined && !UNSUMMARIZED.has(f.type))
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
