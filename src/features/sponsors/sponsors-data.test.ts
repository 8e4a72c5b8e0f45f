import texts from '@content/initial/page.sponsors.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { SPONSOR_SHOWCASE_IDS } from '~/platform/paths';
import { PACKAGE_RANGE, PACKAGES, packagePrice } from './packages';
import { findShowcase, SHOWCASES } from './showcases';

describe('sponsor showcases', () => {
  it('has data and texts for every prerendered sponsor page, and nothing else', () => {
    expect(Object.keys(SHOWCASES).sort()).toEqual([...SPONSOR_SHOWCASE_IDS].sort());
    expect(Object.keys(texts.showcases).sort()).toEqual([...SPONSOR_SHOWCASE_IDS].sort());
    expect(findShowcase('2')?.becomeSponsor).toBe(false);
    expect(findShowcase('4')?.becomeSponsor).toBe(true);
    expect(findShowcase('9')).toBeUndefined();
    expect(findShowcase(undefined)).toBeUndefined();
  });

  it('uses only reserved demo contact details (Ofcom drama numbers, example.com)', () => {
    for (const showcase of Object.values(SHOWCASES)) {
      expect(showcase.phone).toMatch(/^\+44 7700 900\d{3}$/);
      expect(showcase.email).toMatch(/@example\.com$/);
    }
  });
});

describe('sponsorship packages', () => {
  it('spans £50 to £2500+ in three packages', () => {
    expect(PACKAGES.map((pkg) => pkg.id)).toEqual(['platinum', 'gold', 'silver']);
    expect(PACKAGE_RANGE).toEqual({ from: '£50', to: '£2500+' });
    expect(PACKAGES.map(packagePrice)).toEqual(['£2500+', '£500–£2500', '£50–£500']);
  });
});
