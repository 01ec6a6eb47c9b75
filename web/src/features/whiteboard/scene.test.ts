import { describe, expect, it } from 'vitest';
import { INSERT_GAP, insertOffset, toSavedScene } from './scene';

describe('whiteboard scene', () => {
  it('saves live elements and the restorable appState fields only', () => {
    const scene = toSavedScene(
      [
        { id: 'a', type: 'rectangle', isDeleted: false },
        { id: 'b', type: 'text', isDeleted: true },
      ],
      { viewBackgroundColor: '#fff', zoom: { value: 2 }, selectedElementIds: { a: true } },
    );
    expect(scene).toEqual({ elements: [{ id: 'a', type: 'rectangle', isDeleted: false }], appState: { viewBackgroundColor: '#fff' } });
  });

  it('places a new diagram right of the existing content, top-aligned; at the origin on an empty board', () => {
    const added = [
      { x: 50, y: 40, width: 100, height: 50 },
      { x: 200, y: 300, width: 20, height: 20 },
    ];
    expect(insertOffset([], added)).toEqual({ dx: -50, dy: -40 });
    const existing = [
      { x: 0, y: 10, width: 300, height: 100 },
      { x: 900, y: -500, width: 10, height: 10, isDeleted: true },
    ];
    expect(insertOffset(existing, added)).toEqual({ dx: 300 + INSERT_GAP - 50, dy: 10 - 40 });
  });
});
