import {
  Code,
  CUSTOM_MODEL_PREFIX,
  MSG,
  type CustomModelEntry,
  type ModelFunction,
  type ModelSlotsRes,
  type ProviderDetailRes,
  type ProviderListRes,
  type ProviderView,
  type ServiceModelView,
} from '@wanxiang/contract';
import type { z } from 'zod';
import type { ModelAddSchema, ModelEditSchema, ProviderAddSchema, ProviderEditSchema } from '@wanxiang/contract';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../http/auth-user';
import { AppError, refused } from '../../http/errors';
import { checkUserUrl, SafeFetchError } from '../../infra/safe-fetch';
import type { KeyBox } from './key-box';
import { keyHint } from './key-box';
import { PROVIDER_PRESETS } from './presets';
import * as store from './store';

/**
 * Rules of custom providers and models (4.6, 7.4): a user's own rows only, keys sealed before
 * they are stored and never answered, base URLs checked by the SSRF rules when saved.
 */

export type ProvidersContext = Pick<AppContext, 'config' | 'database'>;
type ProviderAdd = z.output<typeof ProviderAddSchema>;
type ProviderEdit = z.output<typeof ProviderEditSchema>;
type ModelAdd = z.output<typeof ModelAddSchema>;
type ModelEdit = z.output<typeof ModelEditSchema>;

/** Chat menu icon of a custom model: its provider's mark when known, else the generic one (web/public/model-icons). */
const ICONS: [RegExp, string][] = [
  [/deepseek/i, 'deepseek'],
  [/智谱|glm|zhipu|bigmodel/i, 'zhipu'],
  [/moonshot|kimi/i, 'moonshot'],
  [/通义|千问|qwen|dashscope/i, 'qwen'],
  [/豆包|doubao|volces|ark/i, 'doubao'],
  [/文心|ernie|qianfan/i, 'ernie'],
  [/openai|gpt/i, 'openai'],
  [/ollama|llama/i, 'llama'],
];
export function customModelIcon(company: string, apiUrl: string): string {
  const hit = ICONS.find(([re]) => re.test(company) || re.test(apiUrl));
  return `/model-icons/${hit ? hit[1] : 'default'}.svg`;
}
/** Attachments a custom model takes (none: its chat sends text only). */
const CUSTOM_UPLOAD_LIMIT = 0;

export function providerView(row: store.ProviderRow): ProviderView {
  return { id: row.id, company: row.company, api_url: row.apiUrl, key_hint: row.keyHint, status: row.status === 1 ? 1 : 0 };
}

export function modelView(row: store.ModelRow): ServiceModelView {
  return {
    id: row.id,
    company_id: row.companyId,
    model_id: row.modelId,
    namespace: row.namespace,
    functions: row.functions as ModelFunction[],
    status: row.status === 1 ? 1 : 0,
    consume_points: row.consumePoints,
    only_points: row.onlyPoints,
  };
}

/**
 * The base URL as stored: SSRF-checked now (and again on every call, DNS may change), without
 * credentials, trailing slashes or a pasted `/chat/completions` tail.
 */
export async function checkedBaseUrl(ctx: ProvidersContext, raw: string): Promise<string> {
  let url: URL;
  try {
    url = await checkUserUrl(raw, { allow: ctx.config.ssrfAllow });
  } catch (err) {
    if (err instanceof SafeFetchError) throw refused(err.message, Code.BAD_REQUEST);
    throw refused(MSG.providersApiUrlInvalid, Code.BAD_REQUEST);
  }
  // Keys go in the key field: a URL carrying credentials would be shown back in lists.
  if (url.username || url.password) throw refused(MSG.providersApiUrlInvalid, Code.BAD_REQUEST);
  url.hash = '';
  return url
    .toString()
    .replace(/\/chat\/completions\/*$/i, '')
    .replace(/\/+$/, '');
}

export async function listProviders(ctx: ProvidersContext, userId: number): Promise<ProviderListRes> {
  const rows = await store.listProviders(ctx.database.db, userId);
  return { list: rows.map(providerView), presets: [...PROVIDER_PRESETS] };
}

export async function providerDetail(ctx: ProvidersContext, userId: number, company: string): Promise<ProviderDetailRes> {
  const row = await store.providerByCompany(ctx.database.db, userId, company);
  if (!row) return { provider: null, models: [] };
  const models = await store.modelsOfProvider(ctx.database.db, userId, row.id);
  return { provider: providerView(row), models: models.map(modelView) };
}

export async function addProvider(ctx: ProvidersContext, box: KeyBox, userId: number, input: ProviderAdd): Promise<ProviderView> {
  const apiUrl = await checkedBaseUrl(ctx, input.api_url);
  const row = await store.insertProvider(ctx.database.db, {
    userId,
    company: input.company,
    apiUrl,
    apiKeyEnc: box.seal(input.api_key),
    keyHint: keyHint(input.api_key),
    status: input.status,
  });
  if (!row) throw refused(MSG.providersCompanyExists);
  return providerView(row);
}

/** saveService / editService: the record named by id (or by company) is updated; none yet, created (4.6). */
export async function saveProvider(ctx: ProvidersContext, box: KeyBox, userId: number, input: ProviderEdit): Promise<ProviderView> {
  const db = ctx.database.db;
  const existing = input.id ? await store.providerById(db, userId, input.id) : await store.providerByCompany(db, userId, input.company);
  if (input.id && !existing) throw new AppError(Code.NOT_FOUND, MSG.providersSaveFailed);
  const apiUrl = await checkedBaseUrl(ctx, input.api_url);
  if (!existing) {
    if (!input.api_key) throw refused(MSG.providersApiKeyRequired, Code.BAD_REQUEST);
    return addProvider(ctx, box, userId, { company: input.company, api_url: apiUrl, api_key: input.api_key, status: input.status });
  }
  if (existing.company !== input.company) {
    const clash = await store.providerByCompany(db, userId, input.company);
    if (clash) throw refused(MSG.providersCompanyExists);
  }
  const key = input.api_key ? { apiKeyEnc: box.seal(input.api_key), keyHint: keyHint(input.api_key) } : {};
  const row = await store.updateProvider(db, userId, existing.id, { company: input.company, apiUrl, status: input.status, ...key });
  if (!row) throw refused(MSG.providersSaveFailed);
  return providerView(row);
}

export function modelSlotsMax(ctx: ProvidersContext, user: Pick<AuthUser, 'vip'>): number {
  return user.vip > 0 ? ctx.config.providers.maxMember : ctx.config.providers.maxFree;
}

export async function modelSlots(ctx: ProvidersContext, user: Pick<AuthUser, 'id' | 'vip'>): Promise<ModelSlotsRes> {
  return { used: await store.countModels(ctx.database.db, user.id), max: modelSlotsMax(ctx, user) };
}

export async function addModel(ctx: ProvidersContext, user: Pick<AuthUser, 'id' | 'vip'>, input: ModelAdd): Promise<ServiceModelView> {
  const provider = await store.providerByCompany(ctx.database.db, user.id, input.company);
  if (!provider) throw refused(MSG.providersSaveProviderFirst);
  const slots = await modelSlots(ctx, user);
  if (slots.used >= slots.max) throw refused(MSG.providersSlotsFull(slots.max));
  const row = await store.insertModel(ctx.database.db, {
    userId: user.id,
    companyId: provider.id,
    modelId: input.model_id,
    namespace: input.namespace,
    functions: input.functions,
    status: input.status,
    consumePoints: input.consume_points,
    onlyPoints: input.only_points,
  });
  return modelView(row);
}

export async function editModel(ctx: ProvidersContext, userId: number, input: ModelEdit): Promise<ServiceModelView> {
  const row = await store.updateModel(ctx.database.db, userId, input.id, {
    modelId: input.model_id,
    namespace: input.namespace,
    functions: input.functions,
    status: input.status,
    consumePoints: input.consume_points,
    onlyPoints: input.only_points,
  });
  if (!row) throw new AppError(Code.NOT_FOUND, MSG.providersModelEditFailed);
  return modelView(row);
}

export async function removeModel(ctx: ProvidersContext, userId: number, id: number): Promise<void> {
  if (!(await store.deleteModel(ctx.database.db, userId, id))) throw new AppError(Code.NOT_FOUND, MSG.providersDeleteFailed);
}

/** model.list: the enabled models as chat menu entries, with no key and no credentials. */
export async function customModelEntries(ctx: ProvidersContext, userId: number): Promise<CustomModelEntry[]> {
  const rows = await store.enabledModels(ctx.database.db, userId);
  return rows.map(({ model, provider }) => ({
    id: model.id,
    key: `${CUSTOM_MODEL_PREFIX}${model.id}`,
    icon: customModelIcon(provider.company, provider.apiUrl),
    label: model.namespace,
    isFree: !(model.onlyPoints && model.consumePoints > 0),
    tags: [provider.company, ...(model.functions as string[])],
    vipTag: '',
    resloveType: 'customer',
    uploadLimit: CUSTOM_UPLOAD_LIMIT,
    consume_points: model.consumePoints,
    only_points: model.onlyPoints,
    functions: model.functions as ModelFunction[],
    company: provider.company,
    model_id: model.modelId,
    api_url: provider.apiUrl,
  }));
}
