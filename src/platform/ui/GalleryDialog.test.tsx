import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureNamespaces, i18n } from '~/platform/i18n/i18n';
import { GalleryStage } from '~/platform/ui/GalleryDialog';
import type { Photo } from '~/platform/media/photos';

const photo = (n: number): Photo => ({
  path: `/content/photos/2030/0${n}.webp`,
  src: `/assets/big-${n}.webp`,
  srcset: `/assets/small-${n}.webp 480w, /assets/big-${n}.webp 1440w`,
  width: 1440,
  height: 960,
  thumb: `/assets/thumb-${n}.webp`,
});

// The page gives each photo its description (the organisers' text, or a numbered one).
const alt = (i: number) => `2030 photo ${i + 1}`;
const render = (node: React.ReactNode) => renderToStaticMarkup(node);
const count = (html: string, text: string) => html.split(text).length - 1;

beforeAll(async () => {
  await ensureNamespaces('lt', ['gallery']);
  await ensureNamespaces('en', ['gallery']);
});

describe('photo gallery stage', () => {
  it('a single photo has no previous/next buttons and no thumbnail row', async () => {
    await i18n.changeLanguage('lt');
    const html = render(<GalleryStage photos={[photo(1)]} index={0} onIndexChange={() => {}} alt={alt} />);
    expect(html).toContain('alt="2030 photo 1"');
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
