import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_MODE_KEY, clientCodeFromQuery, hasTokenParams, isClientSource, isDesktopClient, rememberClientMode, stripTokenParams } from './client-mode';
import { shouldRegisterWorker, workerUrl } from './pwa';
import { CLIENT_HOME, shortcutAction, type KeyLike } from './shortcuts';

const key = (k: Partial<KeyLike> & { key: string }): KeyLike => ({ altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...k });

describe('desktop-client shortcuts', () => {
  it.each([
    [{ key: 'ArrowLeft', altKey: true }, 'back'],
    [{ key: 'ArrowRight', altKey: true }, 'forward'],
    [{ key: 'h', code: 'KeyH', altKey: true }, 'home'],
    [{ key: 'N', code: 'KeyN', altKey: true }, 'toggleSidebar'],
    [{ key: 'r', code: 'KeyR', altKey: true }, 'refresh'],
    [{ key: 'c', code: 'KeyC', altKey: true }, 'copy'],
    [{ key: 'v', code: 'KeyV', altKey: true }, 'paste'],
    // macOS Option+H types "˙": the physical key still counts.
    [{ key: '˙', code: 'KeyH', altKey: true }, 'home'],
  ])('%j -> %s', (k, action) => {
    expect(shortcutAction(key(k))).toBe(action);
  });

  it.each([
    [{ key: 'ArrowLeft' }],
    [{ key: 'c', code: 'KeyC', ctrlKey: true }],
    [{ key: 'v', code: 'KeyV', ctrlKey: true }],
    [{ key: 'h', code: 'KeyH', altKey: true, ctrlKey: true }],
    [{ key: 'x', code: 'KeyX', altKey: true }],
  ])('leaves %j to the browser', (k) => {
    expect(shortcutAction(key(k))).toBeNull();
  });

  it('home is the chat', () => {
    expect(CLIENT_HOME).toBe('/chat?type=index');
  });
});

describe('session parameters in the address', () => {
  it('reads only a well-formed one-time client_code', () => {
    const code = 'A'.repeat(43);
    expect(clientCodeFromQuery(`?source=wanxiang_pc&client_code=${code}`)).toBe(code);
    expect(clientCodeFromQuery('?source=wanxiang_pc&token=abc')).toBeNull();
    expect(clientCodeFromQuery('?client_code=short')).toBeNull();
    expect(clientCodeFromQuery('?client_code=a%20b' + 'c'.repeat(30))).toBeNull();
  });

  it('strips only the session parameters from the address', () => {
    expect(stripTokenParams('http://x/?source=wanxiang_pc&token=a&access_token=b&uid=3&client_code=c#top')).toBe('/?source=wanxiang_pc#top');
    expect(stripTokenParams('http://x/chat?type=index')).toBe('/chat?type=index');
    expect(hasTokenParams('?type=index&token=')).toBe(true);
    expect(hasTokenParams('?type=index')).toBe(false);
  });
});

describe('client-mode detection', () => {
  afterEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
    vi.unstubAllGlobals();
  });

  it('knows the two client sources', () => {
    expect(isClientSource('bianjie_pc')).toBe(true);
    expect(isClientSource('wanxiang_pc')).toBe(true);
    expect(isClientSource('pwa')).toBe(false);
    expect(isClientSource(null)).toBe(false);
  });

  it('is off in a plain browser tab, on from the query, and stays on for the session', () => {
    expect(isDesktopClient()).toBe(false);
    expect(rememberClientMode('?source=other')).toBe(false);
    expect(rememberClientMode('?source=bianjie_pc')).toBe(true);
    expect(sessionStorage.getItem(CLIENT_MODE_KEY)).toBe('1');
    // A later page without the query keeps the mode.
    expect(isDesktopClient()).toBe(true);
  });

  it('is on in the installed web app (display-mode standalone)', () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q === '(display-mode: standalone)' }));
    expect(isDesktopClient()).toBe(true);
  });
});

describe('service worker registration', () => {
  it('registers in production browsers only, when the server allows it (config/init client.service_worker)', () => {
    const on = { service_worker: true };
    expect(shouldRegisterWorker({ prod: true }, { serviceWorker: {} }, on)).toBe(true);
    expect(shouldRegisterWorker({ prod: false }, { serviceWorker: {} }, on)).toBe(false);
    expect(shouldRegisterWorker({ prod: true }, {}, on)).toBe(false);
    expect(shouldRegisterWorker({ prod: true }, { serviceWorker: {} }, { service_worker: false })).toBe(false);
    // No answer from config/init: nothing registers.
    expect(shouldRegisterWorker({ prod: true }, { serviceWorker: {} }, undefined)).toBe(false);
  });

  it('names the worker after the build entry, so each deploy is a new worker', () => {
    expect(workerUrl('http://x/assets/index-AbC123.js')).toBe('/sw.js?build=index-AbC123.js');
    expect(workerUrl('http://x/src/main.tsx?t=1')).toBe('/sw.js?build=main.tsx');
  });
});
