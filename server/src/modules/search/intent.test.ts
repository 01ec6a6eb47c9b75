import { describe, expect, it } from 'vitest';
import type { CatalogModel } from '../../catalog';
import { detectIntent, INTENT_FALLBACK, parseIntent, type IntentContext } from './intent';

describe('parseIntent', () => {
  it('reads a bare, fenced or embedded JSON object', () => {
    expect(parseIntent('{"source_type":"arxiv","reason":"预印本"}')).toEqual({ source_type: 'arxiv', reason: '预印本' });
    expect(parseIntent('```json\n{"source_type": "WEBDISK", "reason": "资源"}\n```')).toEqual({ source_type: 'webdisk', reason: '资源' });
    expect(parseIntent('好的，结果是 {"source_type":"file"} 。')).toEqual({ source_type: 'file', reason: '' });
  });

  it('falls back to academic Google search on anything else', () => {
    expect(parseIntent('')).toEqual(INTENT_FALLBACK);
    expect(parseIntent('我认为是网站')).toEqual(INTENT_FALLBACK);
    expect(parseIntent('{"source_type":"music"}')).toEqual(INTENT_FALLBACK);
    expect(parseIntent('{"source_type":')).toEqual(INTENT_FALLBACK);
    expect(parseIntent('[1,2]')).toEqual(INTENT_FALLBACK);
  });
});

describe('detectIntent', () => {
  const model = { key: 'glm_4_air', online: true } as CatalogModel;
  const ctx = (stream: IntentContext['llm']['stream']): IntentContext => ({
    catalog: { get: (k: string) => (k === 'glm_4_air' ? model : undefined) } as unknown as IntentContext['catalog'],
    llm: { available: () => true, stream } as unknown as IntentContext['llm'],
  });

  it('falls back when the model fails mid-answer', async () => {
    const failing = ctx(async function* () {
      yield { type: 'text' as const, text: '{"source_' };
      throw new Error('upstream 500');
    });
    expect(await detectIntent(failing, 'x')).toEqual(INTENT_FALLBACK);
  });

  it('falls back when no model can answer', async () => {
    const none: IntentContext = {
      catalog: { get: () => undefined } as unknown as IntentContext['catalog'],
      llm: { available: () => false } as unknown as IntentContext['llm'],
    };
    expect(await detectIntent(none, 'x')).toEqual(INTENT_FALLBACK);
  });

  it('joins streamed chunks', async () => {
    const chunks = ctx(async function* () {
      for (const text of ['{"source_type":', '"website","reason":"官网"}']) yield { type: 'text' as const, text };
    });
    expect(await detectIntent(chunks, 'x')).toEqual({ source_type: 'website', reason: '官网' });
  });
});
