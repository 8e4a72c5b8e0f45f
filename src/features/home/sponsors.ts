import { Flame, Truck, Wrench, type LucideIcon } from 'lucide-react';
import { sponsorShowcasePath } from '~/platform/paths';

/**
 * The sponsors strip on the home page (one place for names and links). REDUK is our
 * sponsor partner with its own store; the other two are demo businesses until the
 * organisers sign this year's sponsors: replace name and href here.
 */
export interface HomeSponsor {
  id: string;
  /** Business name (a proper name: the same in every language). */
  name: string;
  /** Key of the line of business in the `home` pack: sponsors.kinds.<kind>. */
  kind: 'equipment' | 'services' | 'removals';
  href: string;
  external: boolean;
  icon: LucideIcon;
}

export const HOME_SPONSORS: readonly HomeSponsor[] = [
  { id: 'reduk', name: 'REDUK', kind: 'equipment', href: 'https://reduk.lt', external: true, icon: Flame },
  {
    id: 'services',
    name: 'Baltic Home Services',
    kind: 'services',
    href: sponsorShowcasePath('2'),
    external: false,
    icon: Wrench,
  },
  {
    id: 'removals',
    name: 'Wales Removals',
    kind: 'removals',
    href: 'https://walesremovals.co.uk',
    external: true,
    icon: Truck,
  },
];
