import { describe, expect, it } from 'vitest';
import { HANDLE, positionFor, pushTrail, scaleOf, TARGET, TRACK } from './register-slider';
import { qrStep } from './wechat-qr';

describe('register slider geometry (x=200 on 260)', () => {
  it('uses the spec numbers and a 60 px handle', () => {
    expect([TARGET, TRACK, HANDLE]).toEqual([200, 260, 60]);
  });
  it('scales screen pixels to captcha units and clamps to the track', () => {
    expect(scaleOf(260)).toBe(1);
    expect(scaleOf(130)).toBe(0.5);
    expect(scaleOf(0)).toBe(1);
    expect(positionFor(200, 1)).toBe(200);
    expect(positionFor(100, 0.5)).toBe(200);
    expect(positionFor(500, 1)).toBe(200);
    expect(positionFor(-20, 1)).toBe(0);
  });
  it('keeps the trail bounded with the last point current', () => {
    const trail: [number, number][] = [];
    for (let i = 0; i < 10; i++) pushTrail(trail, i * 20.4, i * 50.6, 5);
    expect(trail).toHaveLength(5);
    expect(trail.at(-1)).toEqual([184, 455]);
  });
});

describe('WeChat QR steps (shell 4)', () => {
  it('polls on 0, logs in on 1, refreshes on anything else', () => {
    expect(qrStep(0)).toBe('poll');
    expect(qrStep(1)).toBe('login');
    expect(qrStep(2)).toBe('refresh');
    expect(qrStep(-1)).toBe('refresh');
  });
});
