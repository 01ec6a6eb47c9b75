import { describe, expect, it } from 'vitest';
import { MSG } from '@wanxiang/contract';
import { RequestError } from '../../api/request';
import { failureText, providerFormFor, providerRows } from './provider-form';

const presets = [
  { company: 'DeepSeek', api_url: 'https://api.deepseek.com/v1', site: '' },
  { company: 'OpenAI', api_url: 'https://api.openai.com/v1', site: '' },
];
const saved = [{ id: 7, company: 'DeepSeek', api_url: 'https://proxy.example.com/v1', key_hint: 'sk-****abcd', status: 0 as const }];

describe('provider form', () => {
  it('fills from the saved record (key left empty), else from the defaults', () => {
    expect(providerFormFor('DeepSeek', saved, presets)).toEqual({
      record: saved[0],
      values: { company: 'DeepSeek', api_url: 'https://proxy.example.com/v1', api_key: '', status: false },
    });
    expect(providerFormFor('OpenAI', saved, presets)).toEqual({
      record: null,
      values: { company: 'OpenAI', api_url: 'https://api.openai.com/v1', api_key: '', status: true },
    });
    expect(providerFormFor('自建', saved, presets).values.api_url).toBe('');
  });

  it('lists saved providers first, then the known ones not saved', () => {
    expect(providerRows(saved, presets).map((r) => [r.company, r.record?.id ?? null])).toEqual([
      ['DeepSeek', 7],
      ['OpenAI', null],
    ]);
  });

  it('shows the server refusal, or the spec failure text', () => {
    expect(failureText(new RequestError(1000, MSG.providersSaveProviderFirst), MSG.providersAddFailed)).toBe(MSG.providersSaveProviderFirst);
    expect(failureText(new RequestError(500, '服务器错误'), MSG.providersAddFailed)).toBe(MSG.providersAddFailed);
    expect(failureText(new Error('network'), MSG.providersSaveFailed)).toBe(MSG.providersSaveFailed);
  });
});
