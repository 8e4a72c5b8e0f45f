import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, publishContent, sessionCookie, uploadPhoto } from '@tests/helpers/admin';
import { FIRST_ROUND_TRIP_BYTES, settledSizes } from '@tests/helpers/html-size';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { PAGED_LISTS } from '~/app/paged-lists';
import { PAGED_LIST_PATHS, PATHS } from '~/platform/paths';
import type { PageStore } from '~/platform/render/page-store.server';

// Issue 34: the lists that grow year after year stay within the first round trip. At 30×
// the first content (the growth bench's sizes: 120 history years each with an uploaded
// photo, 180 recipes, 100 products), made through the admin API, every page of every list
// is at most 14 KB compressed in either language, and the pages link each other (numbered
// links that work without scripts) and are in the sitemap. Needs a build.

type Localized = { lt: string; en: string };
type Item = Record<string, unknown>;
const numbered = (text: Localized, n: number): Localized => ({
  lt: `${text.lt} ${n}`,
  en: `${text.en} ${n}`,
});

/** `first` grown to `count` items, each a copy of one of the first ones. */
function grown(first: Item[], count: number, make: (model: Item, i: number) => Item): Item[] {
  return [
    ...first,
    ...Array.from({ length: count - first.length }, (_, k) =>
      make(first[k % first.length]!, first.length + k),
    ),
  ];
}

/** The pages the sitemap lists (their paths). */
async function sitemapPages(t: TestApp): Promise<string[]> {
  const sitemap = await (await fetch(`${t.url}/sitemap.xml`)).text();
  return [
    ...new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)),
  ];
}

async function draftOf(t: TestApp, cookie: string, type: string) {
  const doc = (await (await call(t, 'GET', `/api/admin/content/${type}`, { cookie })).json()) as {
    draft: Record<string, Item[]>;
  };
  return doc.draft;
}

describe('the lists shown in pages, at 30× the first content', () => {
  let t: TestApp;
  let cookie: string;
  const site = () => t.app.site as PageStore;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: 'lists@example.com' });
    cookie = await sessionCookie(t, admin.id);
    const photo = await sharp({ create: { width: 1600, height: 1067, channels: 3, background: '#3478c8' } })
      .jpeg()
      .toBuffer();
    const uploaded = (await (await uploadPhoto(t, cookie, photo, 'year.jpg')).json()) as { id: string };
    const history = await draftOf(t, cookie, 'page.history');
    await publishContent(t, cookie, 'page.history', {
      years: grown(history.years!, 120, (model, i) => ({
        ...model,
        year: String(2024 - i),
        title: numbered(model.title as Localized, i),
        photos: [
          ...(model.photos as Item[]),
          { image: uploaded.id, caption: { lt: `Metai ${i}`, en: `Year ${i}` } },
        ],
      })),
    });
    // Recipes and products: copies with their own id and a numbered name.
    for (const [type, list, count, name] of [
      ['page.recipes', 'recipes', 180, 'title'],
      ['products', 'products', 100, 'name'],
    ] as const) {
      const draft = await draftOf(t, cookie, type);
      await publishContent(t, cookie, type, {
        [list]: grown(draft[list]!, count, (model, i) => ({
          ...model,
          id: `${String(model.id)}-${i}`,
          [name]: numbered(model[name] as Localized, i),
        })),
      });
    }
  }, 300_000);
  afterAll(() => t?.close());

  it('lists every page of every list in the sitemap, and no page past the last', async () => {
    const pages = await sitemapPages(t);
    // 120 years at 5, 180 recipes at 6, 100 products at 12, 64 spices of them at 12.
    for (const [list, last] of [
      [PATHS.history, 24],
      [PATHS.recipes, 30],
      [PATHS.partnerProducts, 9],
      [PATHS.partnerSpices, 6],
    ] as const) {
      expect(pages).toContain(`${list}/${last}`);
      expect(pages).not.toContain(`${list}/${last + 1}`);
      expect((await fetch(`${t.url}${list}/${last + 1}`)).status).toBe(404);
      // Page 1 is the list's own address only.
      expect((await fetch(`${t.url}${list}/1`)).status).toBe(404);
    }
    // The route table's paged lists are the server's.
    expect(PAGED_LISTS.map((list) => list.path)).toEqual([...PAGED_LIST_PATHS]);
  });

  it('links the pages with numbered links that work without scripts', async () => {
    const html = await (await fetch(`${t.url}${PATHS.history}/2?lang=en`)).text();
    expect(html).toMatch(/<nav aria-label="Pages"/);
    expect(html).toMatch(/<a aria-label="Page 2" aria-current="page"[^>]*href="\/istorija\/2"/);
    expect(html).toContain('href="/istorija/3"');
    expect(html).toContain('href="/istorija/24"');
    expect(html).toMatch(/<title>Event history, page 2 \|/);
    // The years of that page, and no others: 2019 is the sixth year.
    expect(html).toContain('id="year-2019"');
    expect(html).not.toContain('id="year-2024"');
  });

  it('keeps every page of every list within 14 KB compressed, in either language', async () => {
    const pages = (await sitemapPages(t)).filter((page) =>
      PAGED_LIST_PATHS.some((list) => page === list || page.startsWith(`${list}/`)),
    );
    expect(pages.length).toBe(24 + 30 + 9 + 6);
    const over: string[] = [];
    let largest = { page: '', bytes: 0 };
    for (const page of [...pages, PATHS.partner, PATHS.partnerCharcoal]) {
      const sizes = await settledSizes(t.url, site(), page);
      for (const [lang, bytes] of Object.entries(sizes)) {
        if (bytes > FIRST_ROUND_TRIP_BYTES) over.push(`${page} ${lang}: ${bytes} B`);
        if (bytes > largest.bytes) largest = { page: `${page} ${lang}`, bytes };
      }
    }
    console.log(`largest list page at 30×: ${largest.page} ${largest.bytes} B`);
    expect(over).toEqual([]);
  }, 600_000);
});
