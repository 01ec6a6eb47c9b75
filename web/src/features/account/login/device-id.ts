/** localStorage key of this browser's random device id (ours, not one of the spec's keys). */
export const DEVICE_ID_KEY = 'wx_device_id';

/**
 * A random id this browser keeps, sent with register: the server also limits new accounts per
 * device. Undefined when storage is blocked (the per-address limit still applies).
 */
export function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(DEVICE_ID_KEY);
    if (!id || !/^[\w-]{8,64}$/.test(id)) {
      id = crypto.randomUUID();
      localStorage.setItem(DEVICE_ID_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}
