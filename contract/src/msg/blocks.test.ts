import { describe, expect, it } from 'vitest';
import { AREA_MSG_BLOCKS, MSG } from '../messages';

// MSG spreads one block per area: a name used twice would silently take the later text.
describe('area message blocks', () => {
  it('use names no other block and no core message uses', () => {
    const owner = new Map<string, string>();
    const blocks = Object.entries(AREA_MSG_BLOCKS);
    const inBlocks = new Set(blocks.flatMap(([, b]) => Object.keys(b)));
    const clashes: string[] = [];
    for (const [area, block] of blocks) {
      for (const key of Object.keys(block)) {
        const prev = owner.get(key);
        if (prev) clashes.push(`${key}: ${prev} and ${area}`);
        owner.set(key, area);
      }
    }
    expect(clashes).toEqual([]);
    // Every block key reaches MSG with the block's own text (so none shadows a core message).
    for (const [, block] of blocks) for (const [k, v] of Object.entries(block)) expect((MSG as Record<string, unknown>)[k]).toBe(v);
    expect(inBlocks.size).toBe(owner.size);
  });
});
