import { readFileSync } from 'node:fs';
import fontverter from 'fontverter';
import { Blob, Face } from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { fontFaces, siteCharacters } from './characters.server';

async function fontCharacters(file: string): Promise<Set<number>> {
  const sfnt: Buffer = await fontverter.convert(readFileSync(file), 'sfnt');
  return new Set(new Face(new Blob(new Uint8Array(sfnt))).collectUnicodes());
}

describe('self-hosted Inter subsets', () => {
  it.each(fontFaces)('$output has every character the site shows in its range', async (face) => {
    const inFont = await fontCharacters(face.output);
    const wanted = siteCharacters().filter((char) => face.covers(char.codePointAt(0)!));
    const missing = wanted.filter((char) => !inFont.has(char.codePointAt(0)!));
    expect(missing, 'run `npm run fonts` to regenerate the font files').toEqual([]);
  });

  it('covers the Lithuanian alphabet', async () => {
    const inFont = new Set([
      ...(await fontCharacters(fontFaces[0]!.output)),
      ...(await fontCharacters(fontFaces[1]!.output)),
    ]);
    for (const char of 'AĄBCČDEĘĖFGHIĮYJKLMNOPRSŠTUŲŪVZŽaąbcčdeęėfghiįyjklmnoprsštuųūvzž') {
      expect(inFont.has(char.codePointAt(0)!), char).toBe(true);
    }
  });
});
