import { describe, expect, it } from 'vitest';
import { parseRange } from './serve';

/** Range headers of GET /api/v1/files/{id}: one range served, anything else the whole file or 416. */
describe('parseRange', () => {
  it('reads a-b, a- and -n within the size', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('serves the whole file for no header, several ranges or a malformed one', () => {
    for (const h of [undefined, '', 'bytes=', 'bytes=-', 'bytes=0-1,5-6', 'items=0-1', 'bytes=5-2', 'bytes=a-b']) {
      expect(parseRange(h, 1000), String(h)).toBeNull();
    }
  });

  it('is unsatisfiable past the end, and for an empty suffix', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-10', 0)).toBe('unsatisfiable');
  });
});
