import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSprite, iconNames, SPRITE_FILE } from './sprite.server';

describe('the icon sprite', () => {
  it('holds exactly the icons icons.tsx declares, drawn as lucide draws them (else: npm run icons)', () => {
    expect(readFileSync(SPRITE_FILE, 'utf8')).toBe(buildSprite(iconNames()));
  });

  it('refuses a name lucide does not have', () => {
    expect(() => buildSprite(['NoSuchIcon'])).toThrow(/no icon called NoSuchIcon/);
  });
});
