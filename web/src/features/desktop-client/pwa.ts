import { useEffect, useState } from 'react';
import type { ConfigInitRes } from '@wanxiang/contract';
import { usePromoConfig } from '../promos/config-store';

/**
 * The installable web client (PWA): service-worker registration with an accepted-update flow,
 * and the browser's install prompt (beforeinstallprompt) for 「安装网页版桌面客户端」.
 */

export const SW_UPDATE_EVENT = 'wanxiang:sw-update';

/**
 * Whether to register: production builds only, in a browser with service workers, when the server
 * allows it (config/init `client.service_worker`, the WEB_SERVICE_WORKER setting; the browser
 * tests turn it off so their network mocks see every request the page makes).
 */
export function shouldRegisterWorker(
  env: { prod: boolean },
  nav: { serviceWorker?: unknown },
  client: ConfigInitRes['client'] | undefined,
): boolean {
  if (!env.prod || !nav.serviceWorker) return false;
  return client?.service_worker === true;
}

/**
 * /sw.js?build=<entry bundle name>: each build has a new entry name, so a deploy is a new worker
 * (and a new cache) without a build step that edits sw.js.
 */
export function workerUrl(entryUrl: string): string {
  const name = entryUrl.split('/').pop()?.split('?')[0] || 'dev';
  return `/sw.js?build=${encodeURIComponent(name)}`;
}

/** Register once the page has loaded and config/init allowed it (asked once per visit; a failure registers nothing). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  let done = false;
  const decide = (init: ConfigInitRes | null) => {
    if (done || !init) return;
    done = true;
    unsubscribe();
    if (!shouldRegisterWorker({ prod: import.meta.env.PROD }, navigator, init.client)) return;
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  };
  const unsubscribe = usePromoConfig.subscribe((s) => decide(s.init));
  usePromoConfig.getState().load();
  decide(usePromoConfig.getState().init);
}

function register(): void {
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
