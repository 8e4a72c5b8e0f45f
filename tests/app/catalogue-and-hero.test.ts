import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertAdmin, publishContent, sessionCookie, uploadPhoto } from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';

// Issue 31 (8): the partner's smoking accessories and the home page's hero photo are content
// the organisers edit, no longer code.

/** The hero: the page's one image asked for at high priority (its LCP). */
const heroOf = (html: string) => /<img [^>]*fetchPriority="high"[^>]*>/i.exec(html)?.[0] ?? '';
const page = async (t: TestApp, path: string) => (await fetch(`${t.url}${path}`)).text();

describe.each(DEFAULT_TEST_DATABASE)('the catalogue and the hero as content (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', {
      email: `catalogue-${Date.now()}@example.com`,
    });
    cookie = await sessionCookie(t, admin.id);
  });
  afterAll(() => t?.close());

  it('an organiser renames and reprices an accessory: the partner page shows it in both languages', async () => {
    const before = await page(t, '/sponsor/reduk?lang=en');
    expect(before).toContain('Cold smoke generator');
    expect(before).toContain('€14.99');

    const doc = (await (await call(t, 'GET', '/api/admin/content/smoking-catalogue', { cookie })).json()) as {
      draft: { items: Array<{ id: string; name: { lt: string; en: string }; price: number }> };
    };
    expect(doc.draft.items).toHaveLength(13);
    const [generator, ...rest] = doc.draft.items;
    const changed = {
      ...generator!,
      name: { lt: 'Dūmų generatorius XL', en: 'Smoke generator XL' },
      price: 1650,
    };
    await publishContent(t, cookie, 'smoking-catalogue', { items: [changed, ...rest] });

    const en = await page(t, '/sponsor/reduk?lang=en');
    const lt = await page(t, '/sponsor/reduk?lang=lt');
    expect(en).toContain('Smoke generator XL');
    expect(en).toContain('€16.50');
    expect(en).not.toContain('€14.99');
    expect(lt).toContain('Dūmų generatorius XL');
    expect(lt).toMatch(/16,50\s€/);
  });

  it('refuses a price of zero and a category the page has no filter for, and changes nothing', async () => {
    const doc = (await (await call(t, 'GET', '/api/admin/content/smoking-catalogue', { cookie })).json()) as {
      draft: { items: Array<Record<string, unknown>> };
      draftVersion: number;
    };
    const [first, ...rest] = doc.draft.items;
    for (const bad of [{ price: 0 }, { category: 'pipes' }]) {
      const saved = await call(t, 'PUT', '/api/admin/content/smoking-catalogue/draft', {
        cookie,
        body: { data: { items: [{ ...first, ...bad }, ...rest] }, baseVersion: doc.draftVersion },
      });
      expect(saved.status, JSON.stringify(bad)).toBe(400);
    }
    const after = (await (
      await call(t, 'GET', '/api/admin/content/smoking-catalogue', { cookie })
    ).json()) as {
      draftVersion: number;
    };
    expect(after.draftVersion).toBe(doc.draftVersion);
  });

  it('an organiser puts an uploaded photo behind the hero: / asks for it first, at every size', async () => {
    const bundled = heroOf(await page(t, '/'));
    expect(bundled).toMatch(/src="\/assets\/hero-[^"]+\.webp"/);
    expect(bundled).toMatch(/width="1920" height="1080"/);

    const photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#225533' } })
      .jpeg()
      .toBuffer();
    const uploaded = await uploadPhoto(t, cookie, photo, 'lake.jpg');
    const { id } = (await uploaded.json()) as { id: string };
    const home = (await (await call(t, 'GET', '/api/admin/content/page.home', { cookie })).json()) as {
      draft: { hero: Record<string, unknown> };
    };
    await publishContent(t, cookie, 'page.home', {
      hero: {
        ...home.draft.hero,
        image: id,
        photoAlt: { lt: 'Ežeras saulėlydžio metu', en: 'The lake at sunset' },
      },
    });

    const html = await page(t, '/?lang=en');
    const hero = heroOf(html);
    expect(hero).toContain(`src="/media/${id}/w1440"`);
    expect(hero).toContain(`/media/${id}/w480 480w`);
    expect(hero).toMatch(/width="1440" height="720"/);
    expect(html).toContain(`<meta property="og:image:alt" content="The lake at sunset"`);
    expect((await fetch(`${t.url}/media/${id}/w960`)).status).toBe(200);
  });
});
