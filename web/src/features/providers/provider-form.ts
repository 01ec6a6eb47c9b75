import { MSG, type ModelFunction, type ProviderPreset, type ProviderView } from '@wanxiang/contract';
import { RequestError } from '../../api/request';

/** Values of the add-provider form (4.6). */
export interface ProviderFormValues {
  company: string;
  api_url: string;
  api_key: string;
  status: boolean;
}

/**
 * What the form shows when a provider is picked: the saved record when there is one (the key
 * stays empty, its hint is the placeholder), else that provider's defaults, else a blank form.
 */
export function providerFormFor(
  company: string,
  saved: readonly ProviderView[],
  presets: readonly ProviderPreset[],
): { values: ProviderFormValues; record: ProviderView | null } {
  const record = saved.find((p) => p.company === company) ?? null;
  if (record) return { record, values: { company, api_url: record.api_url, api_key: '', status: record.status === 1 } };
  const preset = presets.find((p) => p.company === company);
  return { record: null, values: { company, api_url: preset?.api_url ?? '', api_key: '', status: true } };
}

/** Every provider the list shows: the saved ones first, then the known ones not saved yet. */
export function providerRows(saved: readonly ProviderView[], presets: readonly ProviderPreset[]): { company: string; record: ProviderView | null }[] {
  const names = new Set(saved.map((p) => p.company));
  return [...saved.map((p) => ({ company: p.company, record: p })), ...presets.filter((p) => !names.has(p.company)).map((p) => ({ company: p.company, record: null }))];
}

export const FUNCTION_OPTIONS: { value: ModelFunction; label: string }[] = [
  { value: 'llm', label: `llm（${MSG.providersFnLlm}）` },
  { value: 'vision', label: `vision（${MSG.providersFnVision}）` },
  { value: 'tools', label: `tools（${MSG.providersFnTools}）` },
];

/** The sentence a failed save shows: the server's own refusal when it gave one, else the spec's failure text. */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof RequestError && err.code !== 500 && err.msg) return err.msg;
  return fallback;
}
