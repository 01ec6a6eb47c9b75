import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@wanxiang/contract';
import { DEFAULT_SEND_KEY_MODE, useConfigStore } from './config';

describe('config store (config_storage)', () => {
  beforeEach(() => {
    localStorage.clear();
    useConfigStore.setState({ sendKeyMode: DEFAULT_SEND_KEY_MODE });
  });

  it('defaults to mode 1 and stores the send key mode locally', () => {
    expect(useConfigStore.getState().sendKeyMode).toBe(1);
    useConfigStore.getState().setSendKeyMode(2);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.config)!).state).toEqual({ sendKeyMode: 2 });
  });

  it('reads a stored mode back, and ignores a value that is not 1 or 2', async () => {
    localStorage.setItem(STORAGE_KEYS.config, JSON.stringify({ state: { sendKeyMode: 2 }, version: 1 }));
    await useConfigStore.persist.rehydrate();
    expect(useConfigStore.getState().sendKeyMode).toBe(2);
    localStorage.setItem(STORAGE_KEYS.config, JSON.stringify({ state: { sendKeyMode: 7 }, version: 1 }));
    await useConfigStore.persist.rehydrate();
    expect(useConfigStore.getState().sendKeyMode).toBe(1);
  });
});
