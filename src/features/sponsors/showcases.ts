import { Briefcase, type IconComponent, ShoppingBasket, Wrench } from '~/platform/ui/icons/icons';
import { SPONSOR_SHOWCASE_IDS } from '~/platform/paths';

export type ShowcaseId = (typeof SPONSOR_SHOWCASE_IDS)[number];

/**
 * The sponsor showcase pages /sponsor/2, /3 and /4. Their texts and contact details are
 * the sponsor pages' content (content/initial/page.sponsors.json, `showcases.<id>`); the
 * pages themselves are fixed, and so is each one's icon (design, not content).
 */
export const SHOWCASE_ICONS: Record<ShowcaseId, IconComponent> = {
  '2': Briefcase,
  '3': ShoppingBasket,
  '4': Wrench,
};

/** What a showcase's content holds besides its texts. */
export interface ShowcaseContacts {
  phone: string;
  email: string;
  /** The page also invites visitors to become sponsors themselves. */
  becomeSponsor: boolean;
}

export function findShowcase(id: string | undefined): ShowcaseId | undefined {
  return (SPONSOR_SHOWCASE_IDS as readonly string[]).includes(id ?? '') ? (id as ShowcaseId) : undefined;
}
