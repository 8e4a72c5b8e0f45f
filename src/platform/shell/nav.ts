import { cn } from '~/platform/ui/cn';

export const NAV_ITEMS = [
  { to: '/apie-rengini', key: 'nav.about' },
  { to: '/istorija', key: 'nav.history' },
  { to: '/organizatoriai', key: 'nav.organizers' },
  { to: '/kontaktai', key: 'nav.contacts' },
] as const;

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-3 py-2 text-sm font-semibold transition-colors',
    isActive ? 'bg-ember-100 text-ember-800' : 'text-ink hover:bg-sand',
  );
