/**
 * The models document (server/catalog/models.json) as the console's table and drawer form. The form edits the fields
 * operators change (names, vendor, price, gates, switches); every other field of an entry (icon, request path,
 * children, upstreamExtra, systemPrompt...) is kept as it was. Fields the file ties together are set together, so
 * the form cannot produce what the server's check refuses for that reason: high with vipTag 高阶模型, isFree with
 * free, checkKey with the quota key (server/src/catalog/index.ts checkModelRules).
 */

export interface ModelEntryDoc {
  key: string;
  label: string;
  [field: string]: unknown;
}

export interface ModelsContent {
  models: ModelEntryDoc[];
  [other: string]: unknown;
}

export interface ModelFormValues {
  label: string;
  shortName: string;
  sort_label: string;
  desc: string;
  vendor: string;
  upstreamModel: string;
  tags: string[];
  high: boolean;
  isFree: boolean;
  allow_points: boolean;
  only_points: boolean;
  consume_points: number;
  quotaKey: string;
  blockedVips: number[];
  online: boolean;
  reasoning: boolean;
  isAttack: boolean;
  keepHistory: boolean;
  uploadLimit: number;
}

export function isModelsContent(v: unknown): v is ModelsContent {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const models = (v as { models?: unknown }).models;
  return Array.isArray(models) && models.every((m) => !!m && typeof m === 'object' && typeof (m as { key?: unknown }).key === 'string');
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const bool = (v: unknown): boolean => v === true;

export function formValuesOf(m: ModelEntryDoc): ModelFormValues {
  return {
    label: str(m.label),
    shortName: str(m.shortName),
    sort_label: str(m.sort_label),
    desc: str(m.desc),
    vendor: str(m.vendor),
    upstreamModel: str(m.upstreamModel),
    tags: Array.isArray(m.tags) ? m.tags.filter((t): t is string => typeof t === 'string') : [],
    high: bool(m.high),
    isFree: bool(m.isFree),
    allow_points: bool(m.allow_points),
    only_points: bool(m.only_points),
    consume_points: num(m.consume_points),
    quotaKey: str(m.quotaKey),
    blockedVips: Array.isArray(m.blockedVips) ? m.blockedVips.filter((n): n is number => typeof n === 'number') : [],
    online: bool(m.online),
    reasoning: bool(m.reasoning),
    isAttack: bool(m.isAttack),
    keepHistory: bool(m.keepHistory),
    uploadLimit: num(m.uploadLimit),
  };
}

/** The entry with the form's values, the fields tied to them set alike, and everything else kept. */
export function entryWithValues(m: ModelEntryDoc, v: ModelFormValues): ModelEntryDoc {
  return {
    ...m,
    ...v,
    label: v.label.trim(),
    shortName: v.shortName.trim(),
    sort_label: v.sort_label.trim(),
    desc: v.desc.trim(),
    vendor: v.vendor.trim(),
    upstreamModel: v.upstreamModel.trim(),
    tags: v.tags.map((t) => t.trim()).filter(Boolean),
    vipTag: v.high ? '高阶模型' : '',
    free: v.isFree,
    checkKey: v.quotaKey === '' ? 'chat' : v.quotaKey,
    blockedVips: [...v.blockedVips].sort((a, b) => a - b),
  };
}

/** What the file's check asks of a key (server/src/catalog/schema.ts). */
export const MODEL_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The drawer's values for a new model: names and vendor to fill in, the common switches on, no price or gate. */
export function newModelValues(): ModelFormValues {
  return {
    label: '',
    shortName: '',
    sort_label: '',
    desc: '',
    vendor: '',
    upstreamModel: '',
    tags: [],
    high: false,
    isFree: false,
    allow_points: false,
    only_points: false,
    consume_points: 0,
    quotaKey: '',
    blockedVips: [],
    online: true,
    reasoning: false,
    isAttack: false,
    keepHistory: true,
    uploadLimit: 0,
  };
}

/**
 * A new entry: the form's values plus the fields the file requires that the form does not edit, set as most plain
 * chat models of the shipped file have them (default icon, its own chat2 path, a common text model); 详细说明
 * starts as the 简介. All of them can be changed in 高级 afterwards.
 */
export function newModelEntry(key: string, v: ModelFormValues): ModelEntryDoc {
  const base: ModelEntryDoc = {
    key,
    label: '',
    icon: '/model-icons/default.svg',
    icon_link: '/',
    description: '',
    internetModelType: '',
    modelType: 'common',
    resloveType: 'common',
    request: `/api/v1/chat2/${key}`,
    isChecked: false,
  };
  const entry = entryWithValues(base, v);
  return { ...entry, description: entry.desc as string };
}

/** The document with a new model appended (the picker's order is the groups', not this list's). */
export function withNewModel(content: ModelsContent, key: string, v: ModelFormValues): ModelsContent {
  return { ...content, models: [...content.models, newModelEntry(key, v)] };
}

/** The document without the model `key`; the server refuses the save while a group or another model still names it. */
export function withoutModel(content: ModelsContent, key: string): ModelsContent {
  return { ...content, models: content.models.filter((m) => m.key !== key) };
}

/** The document with one model (by key) replaced; the others and their order kept. */
export function withModel(content: ModelsContent, key: string, v: ModelFormValues): ModelsContent {
  return { ...content, models: content.models.map((m) => (m.key === key ? entryWithValues(m, v) : m)) };
}

/** Rows matching a search word (label, key or vendor). */
export function filterModels(models: readonly ModelEntryDoc[], word: string): ModelEntryDoc[] {
  const w = word.trim().toLowerCase();
  if (!w) return [...models];
  return models.filter((m) => [m.label, m.key, m.vendor].some((f) => typeof f === 'string' && f.toLowerCase().includes(w)));
}
