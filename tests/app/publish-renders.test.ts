import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, publishContent, sessionCookie } from '@tests/helpers/admin';
import type { PublishedPages, PublishPlan } from '~/platform/content/api';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { frameMarker } from '~/platform/content/frame';
import { NOT_FOUND_VARIANTS, PATHS } from '~/platform/paths';
import type { PageStore } from '~/platform/render/page-store.server';

// A publish renders only the pages whose loaders read the changed document (issue 34,
// decision 0043); what it touches is served new as soon as the publish has answered, and
// every other page keeps its HTML and validators. The server renders every page once it
// listens (renderPagesAtStart), as in production.

type Localized = { lt: string; en: string };

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
    await publishContent(t, cookie, 'page.about', {
      title: { lt: 'Apie renginį (naujas)', en: 'About the event (new)' } satisfies Localized,
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

  // Issue 43: ~10 s of greyed buttons on a busy machine. The editor asks first how many pages
  // the publish will render (and says so while waiting), and the answer says what it did.
  it('says before a publish how many pages it will render, and after it how many it did', async () => {
    const plan = async (type: string) =>
      (await (
        await call(t, 'GET', `/api/admin/content/${type}/publish-plan`, { cookie })
      ).json()) as PublishPlan;
    const about = await plan('page.about');
    expect(about).toEqual({ check: 1, render: 1, splice: 0 });
    const aboutAnswer = (await (
      await publishContent(t, cookie, 'page.about', {
        title: { lt: 'Apie renginį (planas)', en: 'About the event (plan)' } satisfies Localized,
      })
    ).json()) as { pages: PublishedPages };
    expect(aboutAnswer.pages).toEqual({ rendered: 1, spliced: 0, changed: 1, failed: 0 });

    const contacts = await plan('contacts');
    expect(contacts.render).toBeGreaterThan(3);
    expect(contacts.splice).toBeGreaterThan(10);
    const contactsAnswer = (await (
      await publishContent(t, cookie, 'contacts', { email: 'planas@lietuviubbq.uk' })
    ).json()) as { pages: PublishedPages };
    expect(contactsAnswer.pages.rendered).toBe(contacts.render);
    expect(contactsAnswer.pages.spliced).toBe(contacts.splice);
    expect(contactsAnswer.pages.failed).toBe(0);
  });

  /** Every stored page (the 404 pages too) in both languages, as the table holds it. */
  const storedPages = () => {
    const table = site().pages;
    return [
      ...table.files.values(),
      table.notFound!,
      ...table.notFoundVariants.map((variant) => variant.file),
    ].flatMap((file) =>
      [
        { language: 'lt' as const, page: file },
        { language: 'en' as const, page: file.english! },
      ].map(({ language, page }) => ({
        url: file.url,
        language,
        html: page.identity.body!.toString('utf8'),
        policy: page.identity.ok['content-security-policy'],
      })),
    );
  };

  /** The stored pages that differ from the same page rendered now (a splice that went wrong). */
  const unlikeAFreshRender = async () => {
    const differing: string[] = [];
    for (const page of storedPages()) {
      // Renders one after another, with nothing else to wait for, left the server no moment
      // to read its sockets: a keep-alive socket it closed meanwhile was reused by the next
      // fetch (ECONNRESET).
      await new Promise((resolve) => setImmediate(resolve));
      const fresh = await site().renderLive(page.url, page.language);
      // The policy too: a spliced page keeps its scripts' hashes (decision 0044).
      if (fresh.html !== page.html || fresh.headers['content-security-policy'] !== page.policy)
        differing.push(`${page.url} ${page.language}`);
    }
    return differing;
  };

  it('the banner, on every page, is on every page as soon as its publish has answered', async () => {
    const rendersBefore = site().renders;
    const splicesBefore = site().splices;
    await publishContent(t, cookie, 'banner', {
      text: { lt: 'Nauja žinia visiems', en: 'News for everyone' } satisfies Localized,
    });
    // One page rendered (the home page), the frame's parts copied from it into every other
    // page, the 404 pages too, before the publish answered (decision 0044); rendering every
    // page took 4-6 s (decision 0043).
    expect(site().renders - rendersBefore).toBe(1);
    expect(site().splices - splicesBefore).toBe(pages.length + NOT_FOUND_VARIANTS.length);
    for (const path of pages.filter((p) => !p.startsWith('/admin'))) {
      expect(await (await get(t, path)).text(), path).toContain('Nauja žinia visiems');
      expect(await (await get(t, path, 'en')).text(), path).toContain('News for everyone');
    }
    const missing = await fetch(`${t.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Nauja žinia visiems');
    // Each page is what a render of it would be now, byte for byte (its hydration data and
    // policy too).
    expect(await unlikeAFreshRender()).toEqual([]);
    await site().idle();
    expect(site().renders - rendersBefore).toBe(1);
  });

  it('turning the banner off takes it off every page; on again, back', async () => {
    for (const enabled of [false, true]) {
      await publishContent(t, cookie, 'banner', { enabled });
      const html = await (await get(t, PATHS.faq)).text();
      // Off: nothing between the banner's markers (its text stays in the frame's data).
      const empty = frameMarker('banner', 'start') + frameMarker('banner', 'end');
      expect(html.includes(empty), `enabled: ${enabled}`).toBe(!enabled);
      expect(await unlikeAFreshRender()).toEqual([]);
    }
  });

  it("the contacts render again only the pages whose body shows them; the footer's are spliced", async () => {
    const rendersBefore = site().renders;
    await publishContent(t, cookie, 'contacts', { email: 'nauji@lietuviubbq.uk' });
    const rendered = site().renders - rendersBefore;
    // The contacts page, the forms (their e-mail fallback), FAQ, safety…: not every page.
    expect(rendered).toBeGreaterThan(3);
    expect(rendered).toBeLessThan(pages.length / 2);
    for (const path of [PATHS.about, PATHS.contacts, PATHS.registration])
      expect(await (await get(t, path)).text(), path).toContain('mailto:nauji@lietuviubbq.uk');
    expect(await unlikeAFreshRender()).toEqual([]);
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
