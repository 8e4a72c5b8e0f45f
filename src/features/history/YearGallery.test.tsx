import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureNamespaces, i18n } from '~/platform/i18n/i18n';
import enHistory from '~/platform/i18n/locales/en/history.json';
import ltHistory from '~/platform/i18n/locales/lt/history.json';
import { GalleryStage } from '~/platform/ui/GalleryDialog';
import type { Photo } from '~/platform/media/photos';
import { YearGallery } from './YearGallery';
import { EVENT_YEARS } from './years';

const photo = (n: number): Photo => ({
  path: `/content/photos/2030/0${n}.webp`,
  src: `/assets/big-${n}.webp`,
  srcset: `/assets/small-${n}.webp 480w, /assets/big-${n}.webp 1440w`,
  width: 1440,
  height: 960,
  thumb: `/assets/thumb-${n}.webp`,
});

const alt = (i: number) => i18n.t('history:gallery.alt', { year: '2030', n: i + 1 });
const render = (node: React.ReactNode) => renderToStaticMarkup(node);
const count = (html: string, text: string) => html.split(text).length - 1;

beforeAll(async () => {
  await ensureNamespaces('lt', ['history', 'gallery']);
  await ensureNamespaces('en', ['history', 'gallery']);
});

describe('history year gallery', () => {
  it('shows the "no photos" message (and no button) for a year without photos', async () => {
    await i18n.changeLanguage('lt');
    const lt = render(<YearGallery year="2021" photos={[]} />);
    expect(lt).toContain('Šių metų nuotraukų dar neturime.');
    expect(lt).not.toContain('<button');

    await i18n.changeLanguage('en');
    expect(render(<YearGallery year="2021" photos={[]} />)).toContain(
      'We have no photos from this year yet.',
    );
  });

  it('offers a "view photos" button with the number of photos', async () => {
    await i18n.changeLanguage('lt');
    const html = render(<YearGallery year="2030" photos={[photo(1), photo(2), photo(3)]} />);
    expect(html).toContain('Žiūrėti nuotraukas (3)');
    expect(html).not.toContain('dar neturime');
  });

  it('a single photo has no previous/next buttons and no thumbnail row', async () => {
    await i18n.changeLanguage('lt');
    const html = render(<GalleryStage photos={[photo(1)]} index={0} onIndexChange={() => {}} alt={alt} />);
    expect(html).toContain('alt="2030 nuotrauka 1"');
    expect(html).toContain('width="1440"');
    expect(html).not.toContain('Ankstesnė nuotrauka');
    expect(html).not.toContain('Kita nuotrauka');
    expect(html).not.toContain('Nuotraukų miniatiūros');
  });

  it('several photos get previous/next, 64 px thumbnails and the current one marked', async () => {
    await i18n.changeLanguage('en');
    const photos = [photo(1), photo(2), photo(3)];
    const html = render(<GalleryStage photos={photos} index={1} onIndexChange={() => {}} alt={alt} />);
    expect(html).toContain('alt="2030 photo 2"');
    expect(html).toContain('aria-label="Previous photo"');
    expect(html).toContain('aria-label="Next photo"');
    expect(count(html, 'aria-label="Show photo')).toBe(3);
    expect(count(html, 'width="64" height="64"')).toBe(3);
    expect(count(html, 'aria-current="true"')).toBe(1);
    expect(html).toMatch(/aria-label="Show photo 2" aria-current="true"/);
  });
});

describe('history language packs', () => {
  const fields = ['edition', 'title', 'description', 'date', 'location', 'price', 'organizers'] as const;
  for (const [language, pack] of [
    ['lt', ltHistory],
    ['en', enHistory],
  ] as const) {
    it(`has every text of every year in ${language}`, () => {
      const years = pack.years as Record<string, Record<string, unknown>>;
      for (const { year } of EVENT_YEARS) {
        const entry = years[year];
        expect(entry, `${language} years.${year}`).toBeDefined();
        for (const field of fields) expect(String(entry?.[field] ?? '')).not.toBe('');
        expect((entry?.features as string[]).length).toBeGreaterThan(2);
      }
    });
  }
});
