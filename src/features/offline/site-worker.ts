import type { Translate } from '~/platform/i18n/translator';
import { EVENT_TIME_ZONE, localeOf } from '~/platform/i18n/format';
import type { Language } from '~/platform/i18n/languages';
import { PATHS, PRIVATE_LINK_PAGES } from '~/platform/paths';

/** The public site's service worker (public/site-sw.js, decision 0042). */
const SITE_WORKER = '/site-sw.js';

/**
 * The pages a participant needs at the campsite, saved for offline use: the programme (on
 * the home page), about (times, fees, map link), safety rules, FAQ, contacts, registration
 * (its form waits for the signal) and the recipes (issue 44).
 */
const OFFLINE_PAGES = {
  home: PATHS.home,
  about: PATHS.about,
  safety: PATHS.safety,
  faq: PATHS.faq,
  contacts: PATHS.contacts,
  registration: PATHS.registration,
  recipes: PATHS.recipes,
} as const;

/** Saved only when the visitor opens it with their private link (never fetched by the worker). */
const PRIVATE_OFFLINE_PAGES = [PATHS.myData];

/** What the worker needs to write in the visitor's language (it has no language packs). */
function workerTexts(language: Language, t: Translate<'offline'>) {
  return {
    // The worker puts the saved time (Intl, in this locale and the event's time zone) here.
    savedCopy: t('savedCopy', { time: '{time}' }),
    locale: localeOf(language),
    timeZone: EVENT_TIME_ZONE,
    offlineTitle: t('offlineTitle'),
    offlineText: t('offlineText'),
    savedPages: t('savedPages'),
    notSentTitle: t('notSentTitle'),
    notSentText: t('notSentText'),
    typed: t('typed'),
    back: t('back'),
    pages: Object.fromEntries(
      Object.entries(OFFLINE_PAGES).map(([name, path]) => [path, t(`pages.${name}`)]),
    ),
  };
}

/** This page's build: the name of React Router's manifest file, which every build renames. */
function currentBuild(): string | undefined {
  for (const entry of performance.getEntriesByType('resource')) {
    const match = /\/assets\/(manifest-[\w-]+)\.js$/.exec(new URL(entry.name).pathname);
    if (match) return match[1];
  }
  return undefined;
}

/** Whether the browser asks sites to save data (Chromium's `navigator.connection`; false elsewhere). */
function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

async function keepForOffline(language: Language, texts: () => Promise<Translate<'offline'>>) {
  const t = await texts();
  await navigator.serviceWorker.register(SITE_WORKER, { scope: '/' });
  const { active } = await navigator.serviceWorker.ready;
  active?.postMessage({
    type: 'keep',
    language,
    texts: workerTexts(language, t),
    pages: Object.values(OFFLINE_PAGES),
    privatePages: PRIVATE_OFFLINE_PAGES,
    keepParams: PRIVATE_LINK_PAGES.map((page) => page.param),
    build: currentBuild(),
    // Everything this page loaded before the worker was in charge (its photos, lazy files).
    files: performance.getEntriesByType('resource').map((entry) => entry.name),
    // The browser's data saver (Save-Data): the worker downloads nothing for later (issue 49).
    saveData: savesData(),
  });
}

/**
 * Offline, a link opens as a whole page (which the worker answers from its saved copies)
 * rather than through React Router, whose data request would fail.
 */
function openLinksAsPages(event: MouseEvent) {
  if (navigator.onLine || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin || link.target) return;
  event.stopPropagation();
}

let listening = false;

/**
 * Registers the site's worker, tells it which pages to keep in `language` and from then on
 * opens links offline as whole pages. Loaded on demand by useSiteWorker (not first-load code);
 * `texts` loads the `offline` pack (the page's i18n is handed in: a module shared with this
 * lazy one would move into the pages' first load).
 */
export async function startSiteWorker(language: Language, texts: () => Promise<Translate<'offline'>>) {
  if (!listening) window.addEventListener('click', openLinksAsPages, { capture: true });
  listening = true;
  await keepForOffline(language, texts);
}
