import sponsorsInitial from '@content/initial/page.sponsors.json' with { type: 'json' };
import sponsorshipInitial from '@content/initial/page.sponsorship.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { validateContent } from '~/platform/content/validate';
import { fillPlaceholders } from '~/platform/event/format';
import { SPONSOR_SHOWCASE_IDS } from '~/platform/paths';
import { PACKAGE_IDS, type PackageAmounts, packagePrice, packageRange } from './packages';
import { findShowcase, SHOWCASE_ICONS } from './showcases';
import { showcaseTexts, sponsorshipTexts } from './texts';

describe('sponsor showcases', () => {
  const showcases = sponsorsInitial.showcases;

  it('has content and an icon for every prerendered sponsor page, and nothing else', () => {
    expect(validateContent(showcaseTexts, sponsorsInitial)).toEqual({ errors: [], missing: [] });
    expect(Object.keys(showcases).sort()).toEqual([...SPONSOR_SHOWCASE_IDS].sort());
    expect(Object.keys(SHOWCASE_ICONS).sort()).toEqual([...SPONSOR_SHOWCASE_IDS].sort());
    expect(showcases['2'].becomeSponsor).toBe(false);
    expect(showcases['4'].becomeSponsor).toBe(true);
    expect(findShowcase('2')).toBe('2');
    expect(findShowcase('9')).toBeUndefined();
    expect(findShowcase(undefined)).toBeUndefined();
  });

  it('starts with reserved demo contact details only (Ofcom drama numbers, example.com)', () => {
    for (const showcase of Object.values(showcases)) {
      expect(showcase.phone).toMatch(/^\+44 7700 900\d{3}$/);
      expect(showcase.email).toMatch(/@example\.com$/);
    }
  });

  it('refuses a bad phone number or e-mail address, and leaves the contact card labels texts', () => {
    const withShowcase2 = (change: object) => ({
      ...sponsorsInitial,
      showcases: { ...showcases, '2': { ...showcases['2'], ...change } },
    });
    expect(validateContent(showcaseTexts, withShowcase2({ phone: 'call us' })).errors).toEqual([
      { field: 'showcases.2.phone', message: 'content:errors.phone' },
    ]);
    expect(validateContent(showcaseTexts, withShowcase2({ email: 'nobody' })).errors).toEqual([
      { field: 'showcases.2.email', message: 'content:errors.email' },
    ]);
    // 'contact.phone' is the card's label, a text in both languages: not a phone number.
    expect(
      validateContent(showcaseTexts, {
        ...sponsorsInitial,
        contact: { ...sponsorsInitial.contact, phone: '+44 7700 900000' },
      }).errors,
    ).toEqual([{ field: 'contact.phone', message: 'content:errors.invalid' }]);
  });
});

describe('sponsorship packages', () => {
  const items = sponsorshipInitial.packages.items;
  const packages: PackageAmounts[] = Object.values(items);
  const fill = (language: 'lt' | 'en') => (key: 'packages.price' | 'packages.priceOpen', values: object) =>
    fillPlaceholders(
      sponsorshipInitial.packages[key === 'packages.price' ? 'price' : 'priceOpen'][language],
      values as Record<string, string>,
    );
  // Intl writes Lithuanian amounts with no-break spaces.
  const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

  it('spans £50 to £2,500+ in three packages, written the way each language writes money', () => {
    expect(validateContent(sponsorshipTexts, sponsorshipInitial)).toEqual({ errors: [], missing: [] });
    expect(Object.keys(items)).toEqual([...PACKAGE_IDS]);
    expect(packages.map((pkg) => packagePrice(pkg, 'en', fill('en')))).toEqual([
      '£2,500+',
      '£500–£2,500',
      '£50–£500',
    ]);
    expect(packageRange(packages, 'en', fill('en'))).toEqual({ from: '£50', to: '£2,500+' });
    expect(packages.map((pkg) => spaced(packagePrice(pkg, 'lt', fill('lt'))))).toEqual([
      '2 500 £+',
      '500 £–2 500 £',
      '50 £–500 £',
    ]);
    expect(items.gold.highlighted).toBe(true);
  });

  it('a range with no open-ended package ends at its highest amount', () => {
    const closed = [
      { from: 5000, to: 50000, highlighted: false },
      { from: 50000, to: 300000, highlighted: true },
    ];
    expect(packageRange(closed, 'en', fill('en'))).toEqual({ from: '£50', to: '£3,000' });
  });

  it('refuses a package whose "to" is not above its "from", and amounts that are not pence', () => {
    const withGold = (change: object) => ({
      ...sponsorshipInitial,
      packages: { ...sponsorshipInitial.packages, items: { ...items, gold: { ...items.gold, ...change } } },
    });
    for (const change of [{ from: 300000 }, { to: 50000 }]) {
      expect(validateContent(sponsorshipTexts, withGold(change)).errors).toEqual([
        { field: 'packages.items.gold.to', message: 'content:errors.amountOrder' },
      ]);
    }
    expect(validateContent(sponsorshipTexts, withGold({ from: 0 })).errors).toEqual([
      { field: 'packages.items.gold.from', message: 'content:errors.pricePositive' },
    ]);
    expect(validateContent(sponsorshipTexts, withGold({ from: 12.5 })).errors).toEqual([
      { field: 'packages.items.gold.from', message: 'content:errors.number' },
    ]);
    // An open top is allowed for any package.
    expect(validateContent(sponsorshipTexts, withGold({ to: null })).errors).toEqual([]);
  });
});
