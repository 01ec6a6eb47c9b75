import { useEffect, useState } from 'react';

/**
 * The installable web client (PWA): service-worker registration with an accepted-update flow,
 * and the browser's install prompt (beforeinstallprompt) for 「安装网页版桌面客户端」.
 */

/** localStorage flag that lets an automated browser register the worker (the PWA browser tests). */
export const SW_AUTOMATION_OPT_IN_KEY = 'wx_sw_automation';
export const SW_UPDATE_EVENT = 'wanxiang:sw-update';

/**
 * Whether to register: production builds only, in a browser with service workers. An automated
 * browser (navigator.webdriver) skips it unless opted in, so other browser tests' network mocks
 * keep seeing every request the page makes.
 */
export function shouldRegisterWorker(
  env: { prod: boolean },
  nav: { webdriver?: boolean; serviceWorker?: unknown } = navigator,
  storage: Pick<Storage, 'getItem'> | null = safeStorage(),
): boolean {
  if (!env.prod || !nav.serviceWorker) return false;
  if (nav.webdriver) return storage?.getItem(SW_AUTOMATION_OPT_IN_KEY) === '1';
  return true;
}

/**
 * /sw.js?build=<entry bundle name>: each build has a new entry name, so a deploy is a new worker
 * (and a new cache) without a build step that edits sw.js.
 */
export function workerUrl(entryUrl: string): string {
  const name = entryUrl.split('/').pop()?.split('?')[0] || 'dev';
  return `/sw.js?build=${encodeURIComponent(name)}`;
}

export function registerServiceWorker(): void {
  if (!shouldRegisterWorker({ prod: import.meta.env.PROD })) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register(workerUrl(import.meta.url), { scope: '/' })
      .then((reg) => {
        const announce = () => {
          // Only an update (a page already controlled) asks; a first install just starts working.
          if (reg.waiting && navigator.serviceWorker.controller) window.dispatchEvent(new CustomEvent(SW_UPDATE_EVENT, { detail: reg }));
        };
        announce();
        reg.addEventListener('updatefound', () => {
          reg.installing?.addEventListener('statechange', announce);
        });
      })
      .catch(() => undefined);
  });
}

/** The user accepted the update: activate the waiting worker, then reload once it controls the page. */
export function applyWorkerUpdate(reg: ServiceWorkerRegistration): void {
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  reg.waiting?.postMessage({ type: 'SKIP_WAITING' });
}

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

// The event fires once, early, maybe before the download page mounts: keep it here.
let deferredPrompt: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferredPrompt = e as InstallPromptEvent;
    listeners.forEach((l) => l());
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    listeners.forEach((l) => l());
  });
}

/** Whether the browser offers installing now, and the action that shows its prompt. */
export function usePwaInstall(): { canInstall: boolean; installed: boolean; install: () => Promise<boolean> } {
  const [, tick] = useState(0);
  useEffect(() => {
    const l = () => tick((n) => n + 1);
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  }, []);
  const installed = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return {
    canInstall: Boolean(deferredPrompt),
    installed,
    install: async () => {
      const prompt = deferredPrompt;
      if (!prompt) return false;
      await prompt.prompt();
      const { outcome } = await prompt.userChoice;
      deferredPrompt = null;
      listeners.forEach((l) => l());
      return outcome === 'accepted';
    },
  };
}

function safeStorage(): Pick<Storage, 'getItem'> | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}
