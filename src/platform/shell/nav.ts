import { cn } from '~/platform/ui/cn';
import { PATHS } from '~/platform/paths';

export const NAV_ITEMS = [
  { to: PATHS.about, key: 'nav.about' },
  { to: PATHS.history, key: 'nav.history' },
  { to: PATHS.organizers, key: 'nav.organizers' },
  { to: PATHS.contacts, key: 'nav.contacts' },
] as const;

/** The footer's guides and shop (Footer), which the phone menu lists too (issue 44). */
export const GUIDE_LINKS = [
  { to: PATHS.registration, key: 'footer.register' },
  { to: PATHS.safety, key: 'footer.safety' },
  { to: PATHS.recipes, key: 'footer.recipes' },
  { to: PATHS.faq, key: 'footer.faq' },
  { to: PATHS.becomeSponsor, key: 'footer.becomeSponsor' },
  { to: PATHS.partner, key: 'footer.shop' },
  { to: PATHS.orderHistory, key: 'footer.orders' },
] as const;

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-3 py-2 text-sm font-semibold transition-colors',
    isActive ? 'bg-ember-100 text-ember-800' : 'text-ink hover:bg-sand',
  );
