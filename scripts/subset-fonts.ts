// Makes the site's Inter font files small: only the characters the site shows (every
// character in the sources and language packs, plus ASCII and the whole Lithuanian
// alphabet), weights 400–900 (the ones the styles use), and the OpenType features text
// needs. Output: src/platform/ui/fonts/inter-{latin,latin-ext}.woff2, committed; run `npm run fonts`
// after adding text with new characters (src/platform/ui/fonts/fonts.test.ts fails until you do).
// Characters outside these files still show, in the fallback system font.
import { readFileSync, writeFileSync } from 'node:fs';
import subsetFont, { type SubsetFontOptions } from 'subset-font';
import { fontFaces, siteCharacters } from '~/platform/ui/fonts/characters.server';

const options: SubsetFontOptions = {
  targetFormat: 'woff2',
  variationAxes: { wght: { min: 400, max: 900, default: 400 } },
  // Kerning, ligatures, marks, tabular figures: what text needs; not Inter's stylistic sets.
  keepFeatures: ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk', 'tnum'],
};

for (const face of fontFaces) {
  const source = readFileSync(face.source);
  const characters = siteCharacters().filter((char) => face.covers(char.codePointAt(0)!));
  const subset = await subsetFont(source, characters.join(''), options);
  writeFileSync(face.output, subset);
  console.log(
    `${face.output}: ${characters.length} characters, ${(subset.length / 1024).toFixed(1)} KB ` +
      `(was ${(source.length / 1024).toFixed(1)} KB)`,
  );
}
