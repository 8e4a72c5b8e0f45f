// Builds the icon sprite (sprite.svg beside this file) from lucide's icons: one <symbol> per
// icon that icons.tsx names, drawn exactly as lucide-react draws it. Run `npm run icons` after
// adding an icon to icons.tsx; icons.test.ts fails until the sprite is up to date.
import { readFileSync } from 'node:fs';
import * as lucide from 'lucide-react';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const ICONS_FILE = new URL('./icons.tsx', import.meta.url);
export const SPRITE_FILE = new URL('./sprite.svg', import.meta.url);

/** The icons icons.tsx declares, by their lucide name ("Trophy"). */
export function iconNames(source = readFileSync(ICONS_FILE, 'utf8')): string[] {
  return [...source.matchAll(/spriteIcon\('(\w+)'\)/g)].map((match) => match[1]!).sort();
}

export function buildSprite(names: readonly string[]): string {
  const icons = lucide as unknown as Record<string, ComponentType | undefined>;
  const symbols = names.map((name) => {
    const icon = icons[name];
    if (!icon) throw new Error(`lucide-react has no icon called ${name}`);
    // The shapes only: the stroke, its width and the fill are set on each icon's own <svg>.
    const shapes = renderToStaticMarkup(createElement(icon))
      .replace(/^<svg[^>]*>/, '')
      .replace(/<\/svg>$/, '');
    return `<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join('\n')}\n</svg>\n`;
}
