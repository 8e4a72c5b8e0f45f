import { globSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { PATHS } from '~/platform/paths';

// Issue 31: the pages told search engines and link previews that the site lives at the
// production domain (a build-time fallback), whatever PUBLIC_URL said. PUBLIC_URL, read at
// start, is now the one base of every absolute URL the site writes.

const SITE = 'http://staging.example';

const attributes = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);

describe('PUBLIC_URL is the base of every absolute URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { PUBLIC_URL: SITE });
  });
  afterAll(() => t?.close());

  it('in the pages: canonical, hreflang alternates, og:url, og:image and the event’s structured data', async () => {
    for (const path of [PATHS.home, PATHS.history, PATHS.about])
      for (const lang of ['lt', 'en'] as const) {
        const html = await (await fetch(`${t.url}${path}?lang=${lang}`)).text();
        const where = `${path} ${lang}`;
        const own = `${SITE}${path === '/' ? '/' : path}${lang === 'en' ? '?lang=en' : ''}`;
        expect(attributes(html, /<link rel="canonical" href="([^"]*)"/g), where).toEqual([own]);
        expect(attributes(html, /<link rel="alternate" hrefLang="[^"]*" href="([^"]*)"/gi), where).toEqual([
          `${SITE}${path}`,
          `${SITE}${path === '/' ? '/' : path}?lang=en`,
          `${SITE}${path}`,
        ]);
        expect(attributes(html, /<meta property="og:url" content="([^"]*)"/g), where).toEqual([own]);
        const [image] = attributes(html, /<meta property="og:image" content="([^"]*)"/g);
        expect(image, where).toMatch(new RegExp(`^${SITE}/`));
        // Every absolute address of this site in the page is on PUBLIC_URL (none elsewhere).
        expect(html, where).not.toMatch(/lietuviubbq\.uk\/|https?:\/\/localhost/);
      }
    const home = await (await fetch(`${t.url}/?lang=en`)).text();
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(home)![1]!) as {
      url: string;
      image: string[];
    };
    expect(jsonLd.url).toMatch(new RegExp(`^${SITE}/`));
    for (const image of jsonLd.image) expect(image).toMatch(new RegExp(`^${SITE}/`));
  });

  it('in the sitemap, robots.txt and the calendar file', async () => {
    const sitemap = await (await fetch(`${t.url}/sitemap.xml`)).text();
    const locations = attributes(sitemap, /<loc>([^<]*)<\/loc>/g);
    expect(locations.length).toBeGreaterThan(15);
    for (const location of locations) expect(location).toMatch(new RegExp(`^${SITE}/`));
    expect(await (await fetch(`${t.url}/robots.txt`)).text()).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const ics = await (await fetch(`${t.url}/renginys.ics`)).text();
    expect(ics).toContain(`URL:${SITE}${PATHS.about}`);
    expect(ics).toContain('@staging.example');
  });
});

describe('no source file hard-codes the site’s domain', () => {
  it('outside the configuration’s defaults (the sender and the organisers’ address)', () => {
    const files = globSync([
      'src/**/*.{ts,tsx}',
      'scripts/**/*.{js,mjs,ts}',
      '*.config.ts',
      'public/**/*',
    ]).filter((file) => !/\.test\.tsx?$/.test(file) && file !== 'src/platform/config/config.server.ts');
    expect(files.length).toBeGreaterThan(200);
    const offenders = files.filter((file) => /lietuviubbq\.uk/i.test(readFileSync(file, 'latin1')));
    expect(offenders).toEqual([]);
  });
});
