import { formatMoney } from '~/platform/i18n/format';

/**
 * Sponsorship packages (each with 12 months' visibility), top first: the become-a-sponsor
 * page's content (content/initial/page.sponsorship.json, `packages.items.<id>`) holds their
 * names, perks and amounts; the three packages themselves, their order and their icons are
 * the page's (the database gives an object's keys back in an order of its own).
 */
export const PACKAGE_IDS = ['platinum', 'gold', 'silver'] as const;
export type PackageId = (typeof PACKAGE_IDS)[number];

export interface PackageAmounts {
  /** Pence. */
  from: number;
  /** Pence; null for the open-ended top package ("£2,500+"). */
  to: number | null;
  /** Shown as the most popular. */
  highlighted: boolean;
}

/** Fills a text of the page ('packages.price': '{{from}}–{{to}}') with amounts. */
type Fill = (key: 'packages.price' | 'packages.priceOpen', values: { from: string; to?: string }) => string;

/** '£500–£2,500' or '£2,500+' in English, '500 £–2 500 £' or '2 500 £+' in Lithuanian. */
export function packagePrice({ from, to }: PackageAmounts, language: string, fill: Fill): string {
  return to === null
    ? fill('packages.priceOpen', { from: formatMoney(from, language) })
    : fill('packages.price', { from: formatMoney(from, language), to: formatMoney(to, language) });
}

/** The whole range, for the page's texts: from '£50' to '£2,500+'. */
export function packageRange(
  packages: readonly PackageAmounts[],
  language: string,
  fill: Fill,
): { from: string; to: string } {
  const lowest = Math.min(...packages.map((pkg) => pkg.from));
  const open = packages.filter((pkg) => pkg.to === null);
  const to =
    open.length > 0
      ? fill('packages.priceOpen', { from: formatMoney(Math.max(...open.map((pkg) => pkg.from)), language) })
      : formatMoney(Math.max(...packages.map((pkg) => pkg.to ?? 0)), language);
  return { from: formatMoney(lowest, language), to };
}
