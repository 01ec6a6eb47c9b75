import { describe, expect, it } from 'vitest';
import { FACTS_TTL_MS, PersonaFactsCache, usableBy, type PersonaChatFacts } from './chat-facts';

const facts = (over: Partial<PersonaChatFacts> = {}): PersonaChatFacts => ({
  ownerId: 7,
  public: true,
  approved: true,
  context: [{ role: 'user', content: '你好' }],
  ...over,
});

describe('persona chat facts', () => {
  it('an approved public persona is usable by everyone; any other only by its owner', () => {
    expect(usableBy(facts(), 1)).toBe(true);
    expect(usableBy(facts({ approved: false }), 1)).toBe(false);
    expect(usableBy(facts({ approved: false }), 7)).toBe(true);
    expect(usableBy(facts({ public: false }), 1)).toBe(false);
    expect(usableBy(facts({ ownerId: null, approved: false }), 1)).toBe(false);
  });

  it('entries expire after the TTL and can be forgotten at once', () => {
    let now = 1_000;
    const cache = new PersonaFactsCache(() => now);
    cache.put(1, facts());
    expect(cache.get(1)?.ownerId).toBe(7);
    now += FACTS_TTL_MS - 1;
    expect(cache.get(1)).toBeDefined();
    now += 1;
    expect(cache.get(1)).toBeUndefined();
    cache.put(2, facts());
    cache.forget(2);
    expect(cache.get(2)).toBeUndefined();
  });
});
