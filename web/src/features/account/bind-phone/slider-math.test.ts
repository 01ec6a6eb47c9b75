import { describe, expect, it } from 'vitest';
import { HANDLE, positionFor, pushTrail, scaleOf, TARGET, TRACK } from './slider-math';

describe('slider captcha geometry', () => {
  it('uses the spec track: width 460, target 400, so the handle is 60 wide', () => {
    expect([TRACK, TARGET, HANDLE]).toEqual([460, 400, 60]);
  });

  it('scales a narrower track to captcha units and clamps to [0, 400]', () => {
    const phone = scaleOf(345); // 0.75 px per unit
    expect(positionFor(150, phone)).toBe(200);
    expect(positionFor(300, phone)).toBe(400);
    expect(positionFor(1000, phone)).toBe(400);
    expect(positionFor(-20, phone)).toBe(0);
    expect(positionFor(400, scaleOf(460))).toBe(400);
    expect(scaleOf(0)).toBe(1);
  });

  it('caps the trail and keeps its last point', () => {
    const trail: [number, number][] = [[0, 0]];
    for (let i = 1; i <= 10; i++) pushTrail(trail, i * 10.4, i * 16.6, 5);
    expect(trail).toHaveLength(5);
    expect(trail[0]).toEqual([0, 0]);
    expect(trail.at(-1)).toEqual([104, 166]);
  });
});
