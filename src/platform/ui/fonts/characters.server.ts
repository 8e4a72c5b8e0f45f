// Which characters the self-hosted Inter files must contain (used by scripts/subset-fonts.ts
// and its test). Node-only: never imported by the browser bundle.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const FONT_FILES = 'node_modules/@fontsource-variable/inter/files';

/** The Lithuanian alphabet's letters outside ASCII, both cases, whether the texts use them yet or not. */
const LITHUANIAN = 'ĄČĘĖĮŠŲŪŽąčęėįšųūž';
/** Typography any text may use. */
const TYPOGRAPHY = '„“”‘’«»–—…•·×°€£→←↑↓✓';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|json)$/.test(entry.name) &&
      !entry.name.includes('.test.') &&
      !entry.name.includes('.server.')
      ? [full]
      : [];
  });
}

/** ASCII, the Lithuanian alphabet, typography, and every character of the site's browser sources and packs. */
export function siteCharacters(root = 'src'): string[] {
  const characters = new Set<string>();
  for (let code = 0x20; code < 0x7f; code++) characters.add(String.fromCharCode(code));
  for (const char of LITHUANIAN + TYPOGRAPHY) characters.add(char);
  for (const file of sourceFiles(root)) {
    for (const char of readFileSync(file, 'utf8')) {
      const code = char.codePointAt(0)!;
      // Letters, punctuation and symbols; not emoji or other pictographs (no Inter glyphs).
      if (code >= 0xa0 && code < 0x2500) characters.add(char);
    }
  }
  return [...characters].sort();
}

/** Parses a CSS unicode-range list ("U+0000-00FF, U+0131") into a membership test. */
function unicodeRange(css: string): (code: number) => boolean {
  const ranges = css.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)] as const;
  });
  return (code) => ranges.some(([from, to]) => code >= from && code <= to);
}

/** The two faces of app.css, with the unicode-range each is declared for there. */
export const fontFaces = [
  {
    source: `${FONT_FILES}/inter-latin-wght-normal.woff2`,
    output: 'src/platform/ui/fonts/inter-latin.woff2',
    covers: unicodeRange(
      'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
    ),
  },
  {
    source: `${FONT_FILES}/inter-latin-ext-wght-normal.woff2`,
    output: 'src/platform/ui/fonts/inter-latin-ext.woff2',
    covers: unicodeRange(
      'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF',
    ),
  },
];
