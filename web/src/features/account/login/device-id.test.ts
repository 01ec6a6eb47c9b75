import { afterEach, describe, expect, it } from 'vitest';
import { DEVICE_ID_KEY, deviceId } from './device-id';

describe('deviceId', () => {
  afterEach(() => localStorage.clear());

  it('is created once and kept, in the shape the server accepts', () => {
    const id = deviceId();
    expect(id).toMatch(/^[\w-]{8,64}$/);
    expect(deviceId()).toBe(id);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(id);
  });

  it('replaces a stored value the server would refuse', () => {
    localStorage.setItem(DEVICE_ID_KEY, 'bad id!');
    expect(deviceId()).toMatch(/^[\w-]{8,64}$/);
  });
});
