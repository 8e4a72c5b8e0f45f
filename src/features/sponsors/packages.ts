/**
 * Sponsorship packages (£50 to £2500+, each with 12 months' visibility). Names and perks
 * are in the `sponsorship` pack under `packages.items.<id>`; the amounts live here once.
 */
export interface SponsorshipPackage {
  id: 'platinum' | 'gold' | 'silver';
  /** Whole pounds. */
  fromPounds: number;
  /** Whole pounds; absent for the open-ended top package ("£2500+"). */
  toPounds?: number;
  highlighted?: boolean;
}

export const PACKAGES: readonly SponsorshipPackage[] = [
  { id: 'platinum', fromPounds: 2500 },
  { id: 'gold', fromPounds: 500, toPounds: 2500, highlighted: true },
  { id: 'silver', fromPounds: 50, toPounds: 500 },
];

const pounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  maximumFractionDigits: 0,
  useGrouping: false,
});

export const formatPounds = (amount: number) => pounds.format(amount);

/** '£500–£2500' or '£2500+'. */
export function packagePrice(pkg: SponsorshipPackage): string {
  return pkg.toPounds === undefined
    ? `${formatPounds(pkg.fromPounds)}+`
    : `${formatPounds(pkg.fromPounds)}–${formatPounds(pkg.toPounds)}`;
}

/** The whole range, for texts: from '£50' to '£2500+'. */
export const PACKAGE_RANGE = {
  from: formatPounds(Math.min(...PACKAGES.map((pkg) => pkg.fromPounds))),
  to: `${formatPounds(Math.max(...PACKAGES.map((pkg) => pkg.fromPounds)))}+`,
};
