import { Briefcase, type LucideIcon, ShoppingBasket, Wrench } from 'lucide-react';
import { SPONSOR_SHOWCASE_IDS } from '~/platform/paths';

export type ShowcaseId = (typeof SPONSOR_SHOWCASE_IDS)[number];

/**
 * The sponsor showcase pages /sponsor/2, /3 and /4. Texts are in the `sponsors` pack under
 * `showcases.<id>`; this holds what is not language-specific. Contact details are demo
 * placeholders (Ofcom drama-range numbers, example.com addresses) until each sponsor
 * confirms theirs; the page labels them "Demo".
 */
export interface Showcase {
  id: ShowcaseId;
  icon: LucideIcon;
  phone: string;
  email: string;
  /** Sponsor 4 also invites visitors to become sponsors themselves. */
  becomeSponsor: boolean;
}

export const SHOWCASES: Record<ShowcaseId, Showcase> = {
  '2': {
    id: '2',
    icon: Briefcase,
    phone: '+44 7700 900201',
    email: 'sponsor2@example.com',
    becomeSponsor: false,
  },
  '3': {
    id: '3',
    icon: ShoppingBasket,
    phone: '+44 7700 900302',
    email: 'sponsor3@example.com',
    becomeSponsor: false,
  },
  '4': {
    id: '4',
    icon: Wrench,
    phone: '+44 7700 900403',
    email: 'sponsor4@example.com',
    becomeSponsor: true,
  },
};

export function findShowcase(id: string | undefined): Showcase | undefined {
  return (SPONSOR_SHOWCASE_IDS as readonly string[]).includes(id ?? '')
    ? SHOWCASES[id as ShowcaseId]
    : undefined;
}
