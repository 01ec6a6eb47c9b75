/* 万象 AI service worker: makes the installed web client (PWA) start offline.
 *
 * - App shell only: page navigations are network-first with the cached index.html as the
 *   offline fallback; /assets/* (content-hashed, immutable) are cache-first; icons and the
 *   manifest are stale-while-revalidate.
 * - NEVER touches /api: chat streams, payments and anything with a session must always reach
 *   the server. Those requests get no respondWith, so the browser sends them as usual.
 * - Each build registers /sw.js?build=<entry bundle name>, so a new build is a new worker.
 *   It waits until the page accepts the update (message SKIP_WAITING) or the next start.
 */
const BUILD = new URL(self.location.href).searchParams.get('build') || 'dev';
const CACHE = `wanxiang-shell-${BUILD}`;
const SHELL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const res = await fetch('/', { cache: 'no-cache', headers: { accept: 'text/html' } });
      if (!res.ok) return;
      const html = await res.clone().text();
      await cache.put(SHELL, res);
      // Precache what index.html loads (entry script, styles) so the first offline start works.
      const urls = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)]
        .map((m) => m[1])
        .filter((u) => !u.startsWith('/api/'));
      await Promise.all(urls.map((u) => cache.add(u).catch(() => undefined)));
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith('wanxiang-shell-') && n !== CACHE).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (req.mode === 'navigate') {
    event.respondWith(networkFirstPage(req));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(req));
  } else if (/\.(png|svg|webmanifest|ico)$/.test(url.pathname)) {
    event.respondWith(staleWhileRevalidate(req));
  }
});

async function networkFirstPage(req) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(req);
    // Every route answers index.html (history fallback): keep the newest copy for offline starts.
    if (res.ok && (res.headers.get('content-type') || '').includes('text/html')) await cache.put(SHELL, res.clone());
    return res;
  } catch (err) {
    const cached = await cache.match(SHELL);
    if (cached) return cached;
    throw err;
  }
}

async function cacheFirst(req) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) await cache.put(req, res.clone());
  return res;
}

async function staleWhileRevalidate(req) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(req);
  const fresh = fetch(req)
    .then(async (res) => {
      if (res.ok) await cache.put(req, res.clone());
      return res;
    })
    .catch(() => hit);
  return hit || fresh;
}
