import { cn } from '~/platform/ui/cn';
import { PATHS } from '~/platform/paths';

export const NAV_ITEMS = [
  { to: PATHS.about, key: 'nav.about' },
  { to: PATHS.history, key: 'nav.history' },
  { to: PATHS.organizers, key: 'nav.organizers' },
  { to: PATHS.contacts, key: 'nav.contacts' },
] as const;

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-3 py-2 text-sm font-semibold transition-colors',
    isActive ? 'bg-ember-100 text-ember-800' : 'text-ink hover:bg-sand',
  );
