import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import home from '@content/initial/page.home.json' with { type: 'json' };
import en from '~/platform/i18n/locales/en/common.json';
import lt from '~/platform/i18n/locales/lt/common.json';
import { PATHS } from '~/platform/paths';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';

// Link previews on the rendered pages: each page's own picture where it has one, always a
// description of the picture (og:image:alt) and the large card for X/Twitter.

function meta(html: string, key: string): string | undefined {
  const attribute = key.startsWith('twitter:') ? 'name' : 'property';
  const tag = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html);
  return tag?.[1]?.replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'");
}

describe('Open Graph and Twitter card of the rendered pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t?.close());

  const page = async (path: string, language: 'lt' | 'en' = 'lt') => {
    const response = await fetch(`${t.url}${path}${language === 'en' ? '?lang=en' : ''}`);
    expect(response.status, path).toBe(200);
    return response.text();
  };

  /** The image is served by this site, as an image, at the path the tag names. */
  async function expectServedImage(url: string) {
    const response = await fetch(`${t.url}${new URL(url).pathname}`);
    expect(response.status, url).toBe(200);
    expect(response.headers.get('content-type'), url).toMatch(/^image\//);
  }

  it('pages with a natural picture show it, described in the page’s language', async () => {
    const cases: Array<{ path: string; language: 'lt' | 'en'; image: RegExp; alt: RegExp }> = [
      {
        path: PATHS.home,
        language: 'lt',
        image: /\/assets\/hero-[^/]+\.webp$/,
        alt: new RegExp(home.hero.photoAlt.lt),
      },
      {
        path: PATHS.home,
        language: 'en',
        image: /\/assets\/hero-[^/]+\.webp$/,
        alt: new RegExp(home.hero.photoAlt.en),
      },
      { path: PATHS.history, language: 'lt', image: /\.webp$/, alt: /2025/ },
      { path: PATHS.history, language: 'en', image: /\.webp$/, alt: /2025/ },
      { path: PATHS.recipes, language: 'en', image: /\.webp$/, alt: /./ },
      { path: PATHS.partnerCharcoal, language: 'en', image: /charcoal[^/]*\.webp$/, alt: /charcoal/i },
      { path: PATHS.partnerSpices, language: 'lt', image: /\.webp$/, alt: /./ },
      { path: PATHS.partnerProducts, language: 'en', image: /\.webp$/, alt: /./ },
    ];
    for (const { path, language, image, alt } of cases) {
      const html = await page(path, language);
      const where = `${path} ${language}`;
      const url = meta(html, 'og:image');
      expect(url, where).toMatch(/^https?:\/\//);
      expect(url, where).toMatch(image);
      expect(url, where).not.toContain('og-image.png');
      expect(meta(html, 'og:image:alt'), where).toMatch(alt);
      expect(meta(html, 'twitter:card'), where).toBe('summary_large_image');
      await expectServedImage(url!);
    }
  });

  it('the largest size of the picture, not the thumbnail', async () => {
    const html = await page(PATHS.home);
    const url = meta(html, 'og:image')!;
    const preload = [...html.matchAll(/srcSet="([^"]+)"/g)]
      .map((match) => match[1]!)
      .find((set) => set.includes('hero'));
    const widths = preload!.split(',').map((entry) => entry.trim().split(/\s+/));
    const widest = widths.sort((a, b) => Number.parseInt(b[1]!, 10) - Number.parseInt(a[1]!, 10))[0]![0]!;
    expect(new URL(url).pathname).toBe(widest);
  });

  it('other pages show the site’s picture with its size and description', async () => {
    for (const [path, language, alt] of [
      [PATHS.faq, 'lt', lt.site.imageAlt],
      [PATHS.safety, 'en', en.site.imageAlt],
      [PATHS.contacts, 'en', en.site.imageAlt],
    ] as const) {
      const html = await page(path, language);
      expect(new URL(meta(html, 'og:image')!).pathname).toBe('/og-image.png');
      expect(meta(html, 'og:image:width')).toBe('1200');
      expect(meta(html, 'og:image:height')).toBe('630');
      expect(meta(html, 'og:image:alt')).toBe(alt);
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    }
    await expectServedImage('https://x/og-image.png');
  });
});
