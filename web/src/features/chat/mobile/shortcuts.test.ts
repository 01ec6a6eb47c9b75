import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../routes/table';
import { CREATION_CENTER_PATH, SHORTCUTS } from './shortcuts';

describe('mobile plus panel shortcuts', () => {
  it('has the nine shortcuts of the spec, each opening a tool or a screen', () => {
    expect(SHORTCUTS.map((s) => s.kind)).toEqual(['image', 'doc', 'video', 'voice', 'web', 'creation', 'persona', 'examples', 'clear']);
    for (const s of SHORTCUTS) {
      expect(s.label).toMatch(/[\u4e00-\u9fff]/);
      expect(Boolean(s.tool) !== Boolean(s.path), s.kind).toBe(true);
    }
    expect(SHORTCUTS.filter((s) => s.tool).map((s) => s.tool)).toEqual([
      'image',
      'doc',
      'video',
      'voice',
      'web',
      'persona',
      'examples',
      'clear',
    ]);
  });

  it('leads 创作中心 to a writing screen that exists in the route table', () => {
    expect(ROUTES.some((r) => r.path === CREATION_CENTER_PATH)).toBe(true);
  });
});
