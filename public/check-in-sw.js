// The check-in screen's service worker (issue 33, decision 0041). Scoped to /admin/check-in
// only: it keeps that one page and the files it loaded, so the screen opens at the gate without
// a connection. Its data (the list, the queued ticks) is the page's own, in IndexedDB; the API
// is never cached here. The public site's pages are not this worker's business.
const CACHE = 'check-in-v1';
const ASSETS = '/assets/';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

const sameOrigin = (url) => url.origin === self.location.origin;

// The page, once it has loaded, names every file it used (they came before this worker was in
// charge); the worker keeps them. Build files of earlier versions stay until the volunteer's
// access ends (the page then deletes this cache): a few megabytes at most, and never wrong.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'keep') return;
  const urls = event.data.urls.filter((url) => {
    const parsed = new URL(url, self.location.href);
    return sameOrigin(parsed) && !parsed.pathname.startsWith('/api/');
  });
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all(
        urls.map(async (url) => {
          if (new URL(url, self.location.href).pathname.startsWith(ASSETS) && (await cache.match(url)))
            return;
          const response = await fetch(url, { credentials: 'same-origin' }).catch(() => undefined);
          if (response?.ok) await cache.put(url, response);
        }),
      );
      event.source?.postMessage({ type: 'kept', count: urls.length });
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || !sameOrigin(url) || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // The page: always fresh online; the saved copy without a connection.
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        try {
          const response = await fetch(request);
          if (response.ok) await cache.put(request, response.clone());
          return response;
        } catch (error) {
          const saved = (await cache.match(request)) ?? (await cache.match(request, { ignoreSearch: true }));
          if (saved) return saved;
          throw error;
        }
      })(),
    );
    return;
  }
  // Build files never change under one name: the saved copy first. Others (fonts, icons):
  // the network first, the saved copy offline.
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      if (url.pathname.startsWith(ASSETS)) {
        const saved = await cache.match(request);
        if (saved) return saved;
      }
      try {
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      } catch (error) {
        const saved = await cache.match(request);
        if (saved) return saved;
        throw error;
      }
    })(),
  );
});
