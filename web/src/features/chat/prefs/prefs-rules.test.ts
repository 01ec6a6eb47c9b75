import { describe, expect, it } from 'vitest';
import { normalizePrefs, prefsSummary, toggleModifier } from './prefs-rules';

describe('reply preference rules', () => {
  it('keeps only non-default, known values; modifiers in catalog order', () => {
    expect(normalizePrefs({ angle: 'default', length: 'short', language: 'zh', modifiers: [] })).toEqual({});
    expect(normalizePrefs({ angle: 'history', length: 'long', language: 'en', modifiers: ['幽默', '简洁', '瞎编'] })).toEqual({
      angle: 'history',
      length: 'long',
      language: 'en',
      modifiers: ['简洁', '幽默'],
    });
    expect(normalizePrefs({ angle: 'nope', length: 'huge', language: 'xx' })).toEqual({});
  });

  it('summarizes the picks for the toolbar button', () => {
    expect(prefsSummary({})).toBe('');
    expect(prefsSummary({ angle: 'law' })).toBe('法律');
    expect(prefsSummary({ angle: 'law', modifiers: ['简洁', '幽默'], length: 'medium', language: 'ja' })).toBe(
      '法律·简洁等2项·适中·日本語',
    );
  });

  it('toggles a modifier', () => {
    expect(toggleModifier(undefined, '简洁')).toEqual(['简洁']);
    expect(toggleModifier(['简洁', '幽默'], '简洁')).toEqual(['幽默']);
  });
});
