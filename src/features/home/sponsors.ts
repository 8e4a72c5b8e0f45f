import {
  Briefcase,
  Flame,
  Handshake,
  type IconComponent,
  ShoppingBasket,
  Truck,
  Wrench,
} from '~/platform/ui/icons/icons';
import type { SPONSOR_ICONS } from './texts';

/**
 * A sponsor in the home page's strip, as the page reads it from its content
 * (content/initial/page.home.json, `sponsors.items`): REDUK, our sponsor partner with its
 * own store, and the businesses the organisers name there.
 */
export interface HomeSponsor {
  /** Business name (a proper name: the same in every language). */
  name: string;
  /** Line of business, in the page's language. */
  kind: string;
  /** A page of the site ('/sponsor/4') or a web address. */
  href: string;
  icon: (typeof SPONSOR_ICONS)[number];
}

export const SPONSOR_ICON: Record<HomeSponsor['icon'], IconComponent> = {
  flame: Flame,
  wrench: Wrench,
  truck: Truck,
  briefcase: Briefcase,
  basket: ShoppingBasket,
  handshake: Handshake,
};

/** A web address opens the sponsor's own site in a new tab; a path is a page of ours. */
export const isExternal = (href: string) => /^https?:\/\//.test(href);
