import { TOOLS_MSG } from '../msg/tools';
import type { ToolField, ToolSpec } from './spec';

/**
 * One check of a tool's form values against its fields (the registry's data), shared by the
 * server (every run) and anything that wants the same answer before sending (the web form, the
 * registry test of every example). Values come back normalised: strings trimmed, defaults
 * filled, numbers as numbers; a refusal is one Chinese sentence naming the field's label.
 */
export type ToolInputValue = string | number | boolean;
export type ToolInputs = Record<string, ToolInputValue>;

export type ToolInputsCheck = { ok: true; values: ToolInputs } | { ok: false; msg: string };

/** A text field without its own `max` still has one: a run is a prompt, not an upload. */
export const TOOL_TEXT_MAX_DEFAULT = 5_000;
/** File and image fields carry a file id from the files API, never the file itself. */
const FILE_ID_MAX = 64;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Characters as a person counts them (an emoji is one), as the form's counter shows. */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Whether a 'YYYY-MM-DD' text is a real calendar day. */
export function isIsoDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export function checkToolInputs(tool: Pick<ToolSpec, 'fields'>, raw: unknown): ToolInputsCheck {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, msg: TOOLS_MSG.toolInputsMissing };
  const given = raw as Record<string, unknown>;
  const known = new Set(tool.fields.map((f) => f.name));
  for (const name of Object.keys(given)) {
    if (!known.has(name)) return { ok: false, msg: TOOLS_MSG.toolInputUnknown(name.slice(0, 32)) };
  }
  const values: ToolInputs = {};
  for (const field of tool.fields) {
    const value = Object.hasOwn(given, field.name) ? given[field.name] : undefined;
    const checked = checkField(field, value);
    if (typeof checked === 'object') return checked;
    if (checked !== undefined) values[field.name] = checked;
  }
  return { ok: true, values };
}

/** The field's normalised value, undefined when it is empty and optional, or the refusal. */
function checkField(field: ToolField, value: unknown): ToolInputValue | undefined | { ok: false; msg: string } {
  const refuse = (msg: string) => ({ ok: false as const, msg });
  const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (empty) {
    if (field.default !== undefined) return field.default;
    return field.required ? refuse(TOOLS_MSG.toolInputRequired(field.label)) : undefined;
  }
  switch (field.type) {
    case 'text':
    case 'textarea': {
      if (typeof value !== 'string') return refuse(TOOLS_MSG.toolInputBadText(field.label));
      const text = value.trim();
      const max = field.max ?? TOOL_TEXT_MAX_DEFAULT;
      return charCount(text) > max ? refuse(TOOLS_MSG.toolInputTooLong(field.label, max)) : text;
    }
    case 'select':
    case 'radio':
    case 'style':
    case 'size': {
      const text = typeof value === 'number' ? String(value) : value;
      if (typeof text !== 'string' || !(field.options ?? []).some((o) => o.value === text)) return refuse(TOOLS_MSG.toolInputBadOption(field.label));
      return text;
    }
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
      if (!Number.isFinite(n)) return refuse(TOOLS_MSG.toolInputBadNumber(field.label));
      const min = field.min ?? Number.MIN_SAFE_INTEGER;
      const max = field.max ?? Number.MAX_SAFE_INTEGER;
      return n < min || n > max ? refuse(TOOLS_MSG.toolInputNumberRange(field.label, min, max)) : n;
    }
    case 'switch':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      return refuse(TOOLS_MSG.toolInputBadSwitch(field.label));
    case 'consent':
      // A required consent line must be ticked: anything but true is the same refusal as an empty field.
      if (value === true || value === 'true') return true;
      return field.required ? refuse(TOOLS_MSG.toolInputRequired(field.label)) : false;
    case 'voice':
      // A voice id of the picker (a preset or `clone:<id>`); whether it exists is the handler's check.
      return typeof value === 'string' && /^[A-Za-z0-9:._/-]{1,128}$/.test(value.trim()) ? value.trim() : refuse(TOOLS_MSG.toolInputBadOption(field.label));
    case 'date':
      return typeof value === 'string' && isIsoDate(value.trim()) ? value.trim() : refuse(TOOLS_MSG.toolInputBadDate(field.label));
    case 'file':
    case 'image':
    case 'mask':
      return typeof value === 'string' && /^[A-Za-z0-9_-]+$/.test(value) && value.length <= FILE_ID_MAX ? value : refuse(TOOLS_MSG.toolInputBadFile(field.label));
  }
}
