import { describe, expect, it } from 'vitest';
import { GATE_LIMITS, LOGIN_LIMITS } from '@wanxiang/contract';
import { positionFor, pushTrail, scaleOf, sliderGeometry } from './slider-geometry';

describe('slider captcha geometry', () => {
  const bind = sliderGeometry(GATE_LIMITS.captchaWidth, GATE_LIMITS.captchaTarget);
  const register = sliderGeometry(LOGIN_LIMITS.registerCaptchaWidth, LOGIN_LIMITS.registerCaptchaTarget);

  it('uses the spec tracks: binding 460/400 and register 260/200, so both handles are 60 wide', () => {
    expect(bind).toEqual({ track: 460, target: 400, handle: 60 });
    expect(register).toEqual({ track: 260, target: 200, handle: 60 });
  });

  it('scales a narrower track to captcha units and clamps to [0, target]', () => {
    const phone = scaleOf(345, bind); // 0.75 px per unit
    expect(positionFor(150, phone, bind)).toBe(200);
    expect(positionFor(300, phone, bind)).toBe(400);
    expect(positionFor(1000, phone, bind)).toBe(400);
    expect(positionFor(-20, phone, bind)).toBe(0);
    expect(scaleOf(0, bind)).toBe(1);
    expect(scaleOf(130, register)).toBe(0.5);
    expect(positionFor(100, 0.5, register)).toBe(200);
    expect(positionFor(500, 1, register)).toBe(200);
  });

  it('caps the trail and keeps its first and last points', () => {
    const trail: [number, number][] = [[0, 0]];
    for (let i = 1; i <= 10; i++) pushTrail(trail, i * 10.4, i * 16.6, 5);
    expect(trail).toHaveLength(5);
    expect(trail[0]).toEqual([0, 0]);
    expect(trail.at(-1)).toEqual([104, 166]);
  });
});
