// The public site's service worker (issue 33, decision 0042). Registered by every public page
// once it has loaded, painted and hydrated (src/platform/offline/site-worker.ts), scope `/`.
// - Pages are network first: online a visitor always gets the server's page. The pages a
//   participant needs on site (the page tells the worker which: PATHS) are saved as they
//   arrive, one copy per page and language, and shown offline with a notice of when they were
//   saved. Any other page offline: an offline page in the visitor's language, never a cached
//   copy of it.
// - A saved page and the build files it references are kept together, in the cache of the build
//   that page came from (`site-v1-build-<manifest>`), so a saved page never meets files of
//   another build. A build's cache goes once no saved page belongs to it any more.
// - Never touched here: the admin area (also /admin/check-in, which has its own worker), /api/,
//   React Router's .data requests, the test checkout (/pay/). Form posts go to the network; offline
//   they get a translated "not sent" page with what was typed.
// Texts come from the site's language packs: the page sends them with `keep` (below).
const VERSION = 'site-v1';
const BUILD_CACHE = `${VERSION}-build-`;
const META_CACHE = `${VERSION}-meta`;
const META_KEY = '/__site-worker/meta';
const ASSETS = '/assets/';
/** Saved copies older than this are fetched again when a page says `keep` (a publish reaches them). */
const REFRESH_MS = 10 * 60 * 1000;

/**
 * Every change to the caches, one after another: a tidy running beside a save could otherwise
 * delete the build cache a page is being saved into (its files stored, the page not yet).
 */
let changes = Promise.resolve();
const oneAtATime = (task) => {
  const run = changes.then(task);
  changes = run.catch(() => undefined);
  return run;
};

const NEVER = [/^\/admin(\/|$)/, /^\/api\//, /^\/pay\//, /\.data$/];
const isNeverHandled = (url) => NEVER.some((pattern) => pattern.test(url.pathname));
const sameOrigin = (url) => url.origin === self.location.origin;

self.addEventListener('install', (event) => {
  // Where the browser can (Chromium's static routing), the admin area and the API do not even
  // start this worker: they go straight to the network.
  if (typeof event.addRoutes === 'function' && typeof URLPattern === 'function') {
    event.waitUntil(
      event
        .addRoutes([
          { condition: { urlPattern: new URLPattern({ pathname: '/admin{/*}?' }) }, source: 'network' },
          { condition: { urlPattern: new URLPattern({ pathname: '/api/*' }) }, source: 'network' },
        ])
        .catch(() => undefined),
    );
  }
  self.skipWaiting();
});

// A new worker may take over at once: every saved page is served with the files of its own
// build, whichever worker serves it. Caches of another worker format are unreadable to this
// one, so they go; build caches go only when no saved page uses them (`tidy`).
self.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('site-') && !name.startsWith(`${VERSION}-`)) await caches.delete(name);
      }
      await oneAtATime(tidy);
      await self.clients.claim();
    })(),
  ),
);

// ---- what the pages told the worker -------------------------------------------------------

/** { pages: string[], privatePages: string[], keepParams: string[], language, texts: {lt?, en?} } */
async function readMeta() {
  const response = await (await caches.open(META_CACHE)).match(META_KEY);
  return response ? response.json() : undefined;
}

async function writeMeta(meta) {
  await (
    await caches.open(META_CACHE)
  ).put(META_KEY, new Response(JSON.stringify(meta), { headers: { 'content-type': 'application/json' } }));
}

const isLanguage = (value) => value === 'lt' || value === 'en';

/** The visitor's language as the server reads it: `?lang=`, else the language cookie. */
async function visitorLanguage(url, meta) {
  const fromQuery = url.searchParams.get('lang');
  if (isLanguage(fromQuery)) return fromQuery;
  try {
    const cookie = await self.cookieStore?.get('language');
    if (isLanguage(cookie?.value)) return cookie.value;
  } catch {
    // No cookie store in this browser's workers: the language the page last reported.
  }
  return isLanguage(meta?.language) ? meta.language : 'lt';
}

const isSavedPage = (url, meta) =>
  meta !== undefined && (meta.pages.includes(url.pathname) || isPrivateCopy(url, meta));
/** A private page (the visitor's own registration) only with its link: never fetched by the worker. */
const isPrivateCopy = (url, meta) =>
  meta.privatePages.includes(url.pathname) && meta.keepParams.some((name) => url.searchParams.get(name));

/** The cache key of a saved page: its path, its own parameters (a private link), its language. */
function copyKey(url, language, meta) {
  const key = new URL(url.pathname, self.location.origin);
  for (const name of meta.keepParams) {
    const value = url.searchParams.get(name);
    if (value) key.searchParams.set(name, value);
  }
  key.searchParams.set('lang', language);
  return key.href;
}

// ---- saved pages and their build ----------------------------------------------------------

const buildOf = (html) => /\/assets\/(manifest-[\w-]+)\.js/.exec(html)?.[1];
const languageOf = (html) => /<html[^>]*\blang="(lt|en)"/.exec(html)?.[1];
/** The scripts, styles and fonts a page's HTML names (the photos come with `keep`). */
const filesOf = (html) => [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css|woff2)/g) ?? [])];

async function buildCaches() {
  return (await caches.keys()).filter((name) => name.startsWith(BUILD_CACHE));
}

async function findCopy(key) {
  for (const name of await buildCaches()) {
    const found = await (await caches.open(name)).match(key);
    if (found) return found;
  }
  return undefined;
}

/** Saves one page (the response of a page request) with the build files it names. */
async function saveCopy(url, response, meta) {
  const html = await response.text();
  const build = buildOf(html);
  const language = languageOf(html);
  if (!build || !language) return;
  const key = copyKey(url, language, meta);
  const cacheName = BUILD_CACHE + build;
  const cache = await caches.open(cacheName);
  // One request at a time, at low priority: a visitor's page must not wait for these (and
  // Lighthouse counts a page busy while more than two requests are in flight).
  for (const file of filesOf(html)) {
    if (await cache.match(file)) continue;
    const asset = await fetch(file, { priority: 'low' }).catch(() => undefined);
    if (asset?.ok) await cache.put(file, asset);
  }
  await cache.put(
    key,
    new Response(html, {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': response.headers.get('content-security-policy') ?? '',
        'x-saved-at': new Date().toISOString(),
      },
    }),
  );
  // The copy of an earlier build is replaced: that build may now have no page left.
  for (const name of await buildCaches()) {
    if (name !== cacheName) await (await caches.open(name)).delete(key);
  }
  await tidy();
}

async function forgetCopies(url, meta) {
  for (const name of await buildCaches()) {
    const cache = await caches.open(name);
    for (const language of ['lt', 'en']) await cache.delete(copyKey(url, language, meta));
  }
  await tidy();
}

/** Deletes build caches no saved page belongs to (their files serve nobody offline). */
async function tidy() {
  for (const name of await buildCaches()) {
    const keys = await (await caches.open(name)).keys();
    if (!keys.some((request) => !new URL(request.url).pathname.startsWith(ASSETS))) await caches.delete(name);
  }
}

// ---- the page's message ---------------------------------------------------------------------

self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'keep' || !isLanguage(data.language)) return;
  event.waitUntil(
    oneAtATime(async () => {
      const before = (await readMeta()) ?? { texts: {} };
      const meta = {
        pages: data.pages,
        privatePages: data.privatePages,
        keepParams: data.keepParams,
        language: data.language,
        texts: { ...before.texts, [data.language]: data.texts },
      };
      await writeMeta(meta);
      // The browser asks to save data (issue 49): nothing is downloaded for later; the pages
      // the visitor opens are still kept as they come, and the offline page speaks their language.
      const saveData = data.saveData === true;
      // The page's build: the photos and lazy files it loaded join that build's saved files.
      const build = data.build;
      if (!saveData && typeof build === 'string' && /^manifest-[\w-]+$/.test(build)) {
        const cache = await caches.open(BUILD_CACHE + build);
        for (const file of data.files ?? []) {
          const url = new URL(file, self.location.origin);
          if (!sameOrigin(url) || !url.pathname.startsWith(ASSETS) || (await cache.match(url.href))) continue;
          const response = await fetch(url.href, { priority: 'low' }).catch(() => undefined);
          if (response?.ok) await cache.put(url.href, response);
        }
      }
      // The participant's pages in this language, saved or refreshed (not the private ones:
      // those only as the visitor opens them).
      for (const path of saveData ? [] : meta.pages) {
        const url = new URL(path, self.location.origin);
        url.searchParams.set('lang', data.language);
        const saved = await findCopy(copyKey(url, data.language, meta));
        const savedAt = Date.parse(saved?.headers.get('x-saved-at') ?? '');
        if (saved && Date.now() - savedAt < REFRESH_MS && (!build || (await inBuild(saved, build)))) continue;
        const response = await fetch(url.href, { credentials: 'same-origin', priority: 'low' }).catch(
          () => undefined,
        );
        if (response?.ok && !response.redirected) await saveCopy(url, response, meta);
      }
      await tidy();
      event.source?.postMessage({ type: 'kept', language: data.language });
    }),
  );
});

async function inBuild(saved, build) {
  return buildOf(await saved.clone().text()) === build;
}

// ---- answers --------------------------------------------------------------------------------

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (!sameOrigin(url) || isNeverHandled(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(request.method === 'GET' ? openPage(event, url) : sendForm(request, url));
    return;
  }
  if (request.method !== 'GET') return;
  if (url.pathname.startsWith(ASSETS)) event.respondWith(buildFile(request));
});

/** A page: the network's answer (saved if it is a participant's page); offline the saved copy. */
async function openPage(event, url) {
  const meta = await readMeta();
  try {
    const response = await fetch(event.request);
    if (isSavedPage(url, meta) && response.ok && !response.redirected && response.type === 'basic') {
      const copy = response.clone();
      event.waitUntil(oneAtATime(() => saveCopy(url, copy, meta)).catch(() => undefined));
    } else if (meta && isPrivateCopy(url, meta) && (response.status === 404 || response.status === 410)) {
      // The link no longer opens anything (erased, expired): its saved copy goes too.
      event.waitUntil(oneAtATime(() => forgetCopies(url, meta)));
    }
    return response;
  } catch (error) {
    if (!meta) throw error;
    const language = await visitorLanguage(url, meta);
    if (isSavedPage(url, meta)) {
      const saved =
        (await findCopy(copyKey(url, language, meta))) ??
        (await findCopy(copyKey(url, other(language), meta)));
      if (saved) return withNotice(saved, meta);
    }
    return offlinePage(meta, language, url);
  }
}

const other = (language) => (language === 'lt' ? 'en' : 'lt');

/** Hashed build files never change under one name: the saved copy first, else the network. */
async function buildFile(request) {
  for (const name of await buildCaches()) {
    const found = await (await caches.open(name)).match(request);
    if (found) return found;
  }
  return fetch(request);
}

/** A form posted to its page: only ever the network; offline, a clear "not sent". */
async function sendForm(request, url) {
  const copy = request.clone();
  try {
    return await fetch(request);
  } catch (error) {
    const meta = await readMeta();
    if (!meta) throw error;
    const language = await visitorLanguage(url, meta);
    const texts = meta.texts[language] ?? meta.texts[other(language)];
    if (!texts) throw error;
    let typed = [];
    try {
      typed = [...(await copy.formData()).entries()].filter(
        ([name, value]) => typeof value === 'string' && value.trim() !== '' && !HIDDEN_FIELDS.has(name),
      );
    } catch {
      // Not a form body: nothing to show back.
    }
    const back = request.referrer && sameOrigin(new URL(request.referrer)) ? request.referrer : url.href;
    // The values only: the form's labels are the feature's own texts, which the worker has not.
    const rows = typed.map(([, value]) => `<li>${escapeHtml(value)}</li>`).join('');
    return page(language, texts.notSentTitle, [
      `<p>${escapeHtml(texts.notSentText)}</p>`,
      rows ? `<h2>${escapeHtml(texts.typed)}</h2><ul class="typed">${rows}</ul>` : '',
      `<p><a href="${escapeHtml(back)}">${escapeHtml(texts.back)}</a></p>`,
    ]);
  }
}

/** The form's own fields that say nothing to the visitor (the spam checks, the language). */
const HIDDEN_FIELDS = new Set(['language', 'elapsedMs', 'website', 'intent']);

// ---- what the worker writes -----------------------------------------------------------------

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/** A saved copy with a notice on top: no connection, saved at (in the page's language). */
async function withNotice(saved, meta) {
  const html = await saved.text();
  const language = languageOf(html) ?? 'lt';
  const texts = meta.texts[language];
  const savedAt = new Date(saved.headers.get('x-saved-at') ?? Date.now());
  // As the site writes times (platform/i18n/format.ts): the page's locale, the event's time zone.
  const when = new Intl.DateTimeFormat(texts?.locale ?? language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: texts?.timeZone,
  }).format(savedAt);
  const notice = texts
    ? `<div data-saved-copy role="status" style="${NOTICE_STYLE}">${escapeHtml(texts.savedCopy).replace(
        '{time}',
        `<time datetime="${savedAt.toISOString()}">${escapeHtml(when)}</time>`,
      )}</div>`
    : '';
  const headers = new Headers(saved.headers);
  headers.set('cache-control', 'no-store');
  return new Response(html.replace(/<body([^>]*)>/, `<body$1>${notice}`), { status: 200, headers });
}

const NOTICE_STYLE =
  'position:sticky;top:0;z-index:60;padding:.5rem 1rem;background:#1c1917;color:#fff;font:600 .875rem/1.4 system-ui,sans-serif;text-align:center';

/** A page this browser has no copy of, offline: what it has instead. */
async function offlinePage(meta, language, url) {
  const texts = meta.texts[language] ?? meta.texts[other(language)];
  if (!texts) return Response.error();
  const links = [];
  for (const path of meta.pages) {
    const target = new URL(path, self.location.origin);
    if (!(await findCopy(copyKey(target, language, meta)))) continue;
    links.push(`<li><a href="${escapeHtml(path)}">${escapeHtml(texts.pages?.[path] ?? path)}</a></li>`);
  }
  return page(language, texts.offlineTitle, [
    `<p>${escapeHtml(texts.offlineText)}</p>`,
    `<p class="address">${escapeHtml(url.pathname)}</p>`,
    links.length ? `<h2>${escapeHtml(texts.savedPages)}</h2><ul>${links.join('')}</ul>` : '',
  ]);
}

function page(language, title, parts) {
  const html = `<!doctype html><html lang="${language}" data-offline-page><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${parts.join('')}</main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
    },
  });
}

const PAGE_STYLE =
  'body{margin:0;background:#fdf8f3;color:#1c1917;font:1rem/1.6 system-ui,sans-serif}main{max-width:40rem;margin:0 auto;padding:3rem 1.25rem}h1{font-size:1.75rem;line-height:1.2;margin:0 0 1rem}h2{font-size:1.125rem;margin:2rem 0 .5rem}a{color:#c2410c;font-weight:600}ul{padding-left:1.25rem}li{margin:.5rem 0}.address{color:#57534e;font-size:.875rem;word-break:break-all}ul.typed{list-style:none;padding:0}ul.typed li{background:#fff;border-radius:.75rem;padding:.75rem 1rem;box-shadow:0 1px 2px rgb(0 0 0/.08);white-space:pre-wrap;word-break:break-word}';
