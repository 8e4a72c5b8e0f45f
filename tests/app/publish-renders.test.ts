import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, sessionCookie } from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { NOT_FOUND_VARIANTS, PATHS } from '~/platform/paths';
import type { PageStore } from '~/platform/render/page-store.server';

// A publish renders only the pages whose loaders read the changed document (issue 34,
// decision 0043); what it touches is served new as soon as the publish has answered, and
// every other page keeps its HTML and validators. The server renders every page once it
// listens (renderPagesAtStart), as in production.

interface Doc {
  draft: Record<string, unknown>;
  draftVersion: number;
}

type Localized = { lt: string; en: string };

async function publish(
  t: TestApp,
  cookie: string,
  type: string,
  change: (draft: Record<string, unknown>) => void,
) {
  const doc = (await (await call(t, 'GET', `/api/admin/content/${type}`, { cookie })).json()) as Doc;
  change(doc.draft);
  const saved = await call(t, 'PUT', `/api/admin/content/${type}/draft`, {
    cookie,
    body: { data: doc.draft, baseVersion: doc.draftVersion },
  });
  expect(saved.status).toBe(200);
  const { draftVersion } = (await saved.json()) as { draftVersion: number };
  const published = await call(t, 'POST', `/api/admin/content/${type}/publish`, {
    cookie,
    body: { baseVersion: draftVersion },
  });
  expect(published.status, await published.clone().text()).toBe(200);
}

const get = (t: TestApp, path: string, lang: 'lt' | 'en' = 'lt') => fetch(`${t.url}${path}?lang=${lang}`);

describe('a publish renders the pages that read what changed', () => {
  let t: TestApp;
  let cookie: string;
  let pages: string[];
  const site = () => t.app.site as PageStore;
  beforeAll(async () => {
    t = await startTestApp('pglite', {}, { renderPagesAtStart: true });
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'renders@example.com' });
    cookie = await sessionCookie(t, admin.id);
    await site().idle();
    pages = [...site().pages.files.keys()];
  }, 300_000);
  afterAll(() => t?.close());

  it('renders every page once at start, in the background', () => {
    // The public pages, the admin pages, the content editors… all in the table.
    expect(pages.length).toBeGreaterThan(40);
    expect(pages).toContain(PATHS.about);
  });

  it("a page text's publish renders that page alone; the others keep their validators", async () => {
    const etagsBefore = new Map<string, string | null>();
    for (const path of pages) etagsBefore.set(path, (await get(t, path)).headers.get('etag'));
    const rendersBefore = site().renders;
    await publish(t, cookie, 'page.about', (draft) => {
      (draft.title as Localized).lt = 'Apie renginį (naujas)';
      (draft.title as Localized).en = 'About the event (new)';
    });
    // Served at once, in both languages.
    expect(await (await get(t, PATHS.about)).text()).toContain('Apie renginį (naujas)');
    expect(await (await get(t, PATHS.about, 'en')).text()).toContain('About the event (new)');
    await site().idle();
    // The old code rendered every page (both languages) after any publish.
    expect(site().renders - rendersBefore).toBe(1);
    for (const path of pages.filter((p) => p !== PATHS.about))
      expect((await get(t, path)).headers.get('etag'), path).toBe(etagsBefore.get(path));
    expect((await get(t, PATHS.about)).headers.get('etag')).not.toBe(etagsBefore.get(PATHS.about));
  });

  it('the banner, on every page, is on every page as soon as its publish has answered', async () => {
    const rendersBefore = site().renders;
    await publish(t, cookie, 'banner', (draft) => {
      draft.text = { lt: 'Nauja žinia visiems', en: 'News for everyone' } satisfies Localized;
    });
    // Every page, the 404 pages too, once each, before the publish answered (readers were
    // served the old pages meanwhile: none was taken out of the table).
    expect(site().renders - rendersBefore).toBe(pages.length + 1 + NOT_FOUND_VARIANTS.length);
    for (const path of pages.filter((p) => !p.startsWith('/admin'))) {
      const html = await (await get(t, path)).text();
      expect(html, path).toContain('Nauja žinia visiems');
    }
    await site().idle();
    expect(site().renders - rendersBefore).toBe(pages.length + 1 + NOT_FOUND_VARIANTS.length);
  });
});

describe('start-up renders after the server listens', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('answers a page asked for at once, before the warm-up has rendered the site', async () => {
    t = await startTestApp('pglite', {}, { renderPagesAtStart: true });
    const site = t.app.site as PageStore;
    const answer = await fetch(`${t.url}${PATHS.faq}?lang=en`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<html lang="en"');
    // Rendering every page before listening (the old start) would have the whole table here.
    const renderedWhenAnswered = site.pages.files.size;
    await site.idle();
    expect(renderedWhenAnswered).toBeLessThan(site.pages.files.size / 2);
  }, 300_000);
});
