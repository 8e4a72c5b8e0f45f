import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import lt from '~/platform/i18n/locales/lt/common.json';
import { links } from '~/root';

// The web app manifest (public/manifest.webmanifest): what a phone needs to add the site
// to its home screen, in the site's own name, icons and colours.

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const manifest = JSON.parse(readFileSync('public/manifest.webmanifest', 'utf8')) as Record<
  string,
  unknown
> & {
  icons: Icon[];
};
const stylesheet = readFileSync('src/platform/ui/app.css', 'utf8');
const token = (name: string) => new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`).exec(stylesheet)?.[1];

describe('web app manifest', () => {
  it('has the members an installable site needs, in the site’s name and language', () => {
    expect(manifest.name).toBe(lt.site.name);
    expect(manifest.short_name).toBe(lt.site.shortName);
    expect(manifest.lang).toBe('lt');
    expect(manifest.start_url).toBe('/');
    expect(manifest.scope).toBe('/');
    expect(['standalone', 'minimal-ui', 'fullscreen', 'browser']).toContain(manifest.display);
  });

  it('takes its colours from the design tokens and the page’s theme-color', () => {
    expect(manifest.theme_color).toBe(token('ember-600'));
    expect(manifest.background_color).toBe(token('cream'));
    const root = readFileSync('src/root.tsx', 'utf8');
    expect(root).toContain(`<meta name="theme-color" content="${manifest.theme_color as string}" />`);
  });

  it('lists icons that exist at the sizes it states, 192 and 512 px among them, one maskable', async () => {
    const sizes = new Set<string>();
    for (const icon of manifest.icons) {
      const file = readFileSync(`public${icon.src}`);
      if (icon.type === 'image/svg+xml') {
        expect(icon.sizes).toBe('any');
        expect(file.toString('utf8')).toContain('<svg');
        continue;
      }
      const { width, height, format } = await sharp(file).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(`image/${format}`, icon.src).toBe(icon.type);
      sizes.add(`${icon.sizes} ${icon.purpose ?? 'any'}`);
    }
    expect([...sizes]).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  });

  it('is linked from every page', () => {
    expect(links()).toContainEqual({ rel: 'manifest', href: '/manifest.webmanifest' });
  });
});
