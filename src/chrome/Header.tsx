import { Menu, Sparkles, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useMatches } from 'react-router';
import { Button } from '~/ui/Button';
import { cn } from '~/ui/cn';
import { Container } from '~/ui/Container';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';

export const NAV_ITEMS = [
  { to: '/apie-rengini', key: 'nav.about' },
  { to: '/istorija', key: 'nav.history' },
  { to: '/organizatoriai', key: 'nav.organizers' },
  { to: '/kontaktai', key: 'nav.contacts' },
] as const;

/** A page sets `handle.participateHref` to point the header's Participate button elsewhere. */
export interface ChromeHandle {
  participateHref?: string;
}

function useParticipateHref(): string {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = match.handle as ChromeHandle | undefined;
    if (handle?.participateHref) return handle.participateHref;
  }
  return '/registracija';
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-full px-3 py-2 text-sm font-semibold transition-colors',
    isActive ? 'bg-ember-100 text-ember-800' : 'text-ink hover:bg-sand',
  );

export function Header() {
  const { t } = useTranslation();
  const participateHref = useParticipateHref();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="sticky top-0 z-40 border-b border-black/5 bg-cream/90 backdrop-blur">
      <Container className="flex h-16 items-center justify-between gap-3">
        <Logo />
        <nav aria-label={t('nav.label')} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navLinkClass}>
                  {t(item.key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher className="hidden lg:inline-flex" />
          <div className="hidden sm:block">
            <Button asChild variant="outline" size="sm">
              <Link to="/zoline">
                <Sparkles aria-hidden="true" className="h-4 w-4" />
                {t('nav.zoline')}
              </Link>
            </Button>
          </div>
          <Button asChild size="sm">
            <Link to={participateHref}>{t('nav.participate')}</Link>
          </Button>
          <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <Dialog.Trigger asChild>
              <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t('nav.openMenu')}>
                <Menu aria-hidden="true" className="h-6 w-6" />
              </Button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
              <Dialog.Content
                aria-describedby={undefined}
                className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-6 bg-cream p-6 shadow-xl"
              >
                <div className="flex items-center justify-between">
                  <Dialog.Title className="text-lg font-bold">{t('nav.menuTitle')}</Dialog.Title>
                  <Dialog.Close asChild>
                    <Button variant="ghost" size="icon" aria-label={t('nav.closeMenu')}>
                      <X aria-hidden="true" className="h-6 w-6" />
                    </Button>
                  </Dialog.Close>
                </div>
                <nav aria-label={t('nav.label')}>
                  <ul className="flex flex-col gap-1">
                    {[
                      { to: '/', key: 'nav.home' } as const,
                      ...NAV_ITEMS,
                      { to: '/zoline', key: 'nav.zoline' } as const,
                    ].map((item) => (
                      <li key={item.to}>
                        <NavLink
                          to={item.to}
                          end
                          onClick={() => setMenuOpen(false)}
                          className={({ isActive }) => cn(navLinkClass({ isActive }), 'block text-base')}
                        >
                          {t(item.key)}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </nav>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </div>
      </Container>
      {/* Small screens: the language switcher again, beneath the header bar. */}
      <div className="border-t border-black/5 lg:hidden">
        <Container className="flex h-12 items-center justify-between gap-3">
          <LanguageSwitcher />
          <Link
            to="/zoline"
            className="text-sm font-semibold text-ember-700 underline-offset-4 hover:underline sm:hidden"
          >
            {t('nav.zoline')}
          </Link>
        </Container>
      </div>
    </header>
  );
}
