import { ADMIN_CATALOG_PROMOS_MSG as M, PROMO_SWITCHES, VERSION_PATTERN } from '@wanxiang/contract';

/**
 * The promos document (server/catalog/promos.json, checked by PromosFileSchema in server/src/modules/promos/catalog.ts)
 * as the console's form: the `show` switches, the versions and update notices, and the model promo. The text notice,
 * the global notice, the guides, the new-year float and the model promo's buttons are kept as they are (edited in
 * 高级); so is every field the form does not show. A field failing its check is not written (like the sidebar's
 * carousel box): the save sends its last valid value, and the box shows the server's rule in Chinese.
 */

/** The switches of `show`, in the file's order: the contract's switchable promos and the update prompt's gate. */
export const PROMOS_SHOW_KEYS = [...PROMO_SWITCHES, 'update_dialog'] as const;
export type PromosShowKey = (typeof PROMOS_SHOW_KEYS)[number];

export interface PromosContent {
  show?: Partial<Record<PromosShowKey, boolean>> & Record<string, unknown>;
  versions: { pc: string; web: string; pc_min: string; [field: string]: unknown };
  pc_update: { content: string; download_url: string; [field: string]: unknown };
  web_update: { content: string; [field: string]: unknown };
  model: { show: boolean; title: string; content: string; image?: string; button?: unknown[]; [field: string]: unknown };
  [other: string]: unknown;
}

/** The form's fields (flat names, so the server's refusal can be put under one). */
export interface PromosFormValues {
  pc: string;
  web: string;
  pcMin: string;
  pcContent: string;
  downloadUrl: string;
  webContent: string;
  modelShow: boolean;
  modelTitle: string;
  modelContent: string;
  modelImage: string;
}
export type PromosField = keyof PromosFormValues;

/** The file's paths as the server's checks name them (`promos.json: versions.pc: …`), to the form field that edits them. */
export const PROMOS_FILE_FIELDS: Readonly<Record<string, PromosField>> = {
  'versions\\.pc': 'pc',
  'versions\\.web': 'web',
  'versions\\.pc_min': 'pcMin',
  'pc_update\\.content': 'pcContent',
  'pc_update\\.download_url': 'downloadUrl',
  'web_update\\.content': 'webContent',
  'model\\.show': 'modelShow',
  'model\\.title': 'modelTitle',
  'model\\.content': 'modelContent',
  'model\\.image': 'modelImage',
};

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const strings = (o: unknown, ...keys: string[]) => isObject(o) && keys.every((k) => typeof o[k] === 'string');

export function isPromosContent(v: unknown): v is PromosContent {
  if (!isObject(v)) return false;
  if (v.show !== undefined && !(isObject(v.show) && Object.values(v.show).every((b) => typeof b === 'boolean'))) return false;
  const model = v.model;
  return (
    strings(v.versions, 'pc', 'web', 'pc_min') &&
    strings(v.pc_update, 'content', 'download_url') &&
    strings(v.web_update, 'content') &&
    strings(model, 'title', 'content') &&
    isObject(model) &&
    typeof model.show === 'boolean' &&
    (model.image === undefined || typeof model.image === 'string')
  );
}

export const promosValuesOf = (c: PromosContent): PromosFormValues => ({
  pc: c.versions.pc,
  web: c.versions.web,
  pcMin: c.versions.pc_min,
  pcContent: c.pc_update.content,
  downloadUrl: c.pc_update.download_url,
  webContent: c.web_update.content,
  modelShow: c.model.show,
  modelTitle: c.model.title,
  modelContent: c.model.content,
  modelImage: c.model.image ?? '',
});

const tooLong = (label: string, max: number) => (v: string) => (v.length > max ? M.promosTooLong(label, max) : null);
const versionOk = (v: string) => (VERSION_PATTERN.test(v) ? null : M.promosVersionInvalid);

/** Each field's check, the schema's own (no trimming: the server checks the text as sent). */
const CHECKS: Partial<Record<PromosField, (v: string) => string | null>> = {
  pc: versionOk,
  web: versionOk,
  pcMin: versionOk,
  pcContent: tooLong(M.promosPcContent, 2000),
  downloadUrl: (v) => (v.length === 0 ? M.promosDownloadUrlRequired : null),
  webContent: tooLong(M.promosWebContent, 2000),
  modelTitle: tooLong(M.promosModelTitleField, 100),
  modelContent: tooLong(M.promosModelContent, 5000),
};

/** What the server would say about a field's value, in Chinese, or null when it passes. */
export function promosFieldProblem(field: PromosField, value: unknown): string | null {
  const check = CHECKS[field];
  return check && typeof value === 'string' ? check(value) : null;
}

/** The document with the form's values that pass their checks; a failing one keeps the document's value. */
export function withPromosValues(c: PromosContent, v: PromosFormValues): PromosContent {
  const ok = <F extends PromosField>(field: F, before: PromosFormValues[F]): PromosFormValues[F] => (promosFieldProblem(field, v[field]) === null ? v[field] : before);
  const was = promosValuesOf(c);
  const model = { ...c.model, show: ok('modelShow', was.modelShow), title: ok('modelTitle', was.modelTitle), content: ok('modelContent', was.modelContent) };
  const image = ok('modelImage', was.modelImage);
  // The schema defaults a missing image to '': an empty box does not write the field the file left out.
  if (image || c.model.image !== undefined) model.image = image;
  return {
    ...c,
    versions: { ...c.versions, pc: ok('pc', was.pc), web: ok('web', was.web), pc_min: ok('pcMin', was.pcMin) },
    pc_update: { ...c.pc_update, content: ok('pcContent', was.pcContent), download_url: ok('downloadUrl', was.downloadUrl) },
    web_update: { ...c.web_update, content: ok('webContent', was.webContent) },
    model,
  };
}

/** A switch as the server reads it: on when the file leaves it out. */
export const promoSwitchOn = (c: PromosContent, key: PromosShowKey): boolean => c.show?.[key] ?? true;

export const withPromoSwitch = (c: PromosContent, key: PromosShowKey, on: boolean): PromosContent => ({ ...c, show: { ...c.show, [key]: on } });

/** Whether the server's refusal names a part of the document (`show.`, `versions.`, `model.`…). */
export function promosPartNamed(problem: string | null, ...parts: string[]): boolean {
  if (!problem) return false;
  return parts.some((p) => new RegExp(`(^|[\\s:;])${p.replace('.', '\\.')}`).test(problem));
}
