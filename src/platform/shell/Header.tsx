import { Menu, Sparkles } from '~/platform/ui/icons/icons';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useSiteData } from '~/platform/content/site-data';
import { eventYear } from '~/platform/event/format';
import { Link, NavLink, useMatches } from 'react-router';
import { actAsButton } from '~/platform/ui/act-as-button';
import { Button } from '~/platform/ui/Button';
import { Container } from '~/platform/ui/Container';
import { FOOTER_LINKS_ID } from './Footer';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { NAV_ITEMS, navLinkClass } from './nav';
import { PATHS } from '~/platform/paths';

const MobileMenu = lazy(() => import('./MobileMenu'));

/** A page sets `handle.participateHref` to point the header's Participate button elsewhere. */
interface ChromeHandle {
  participateHref?: string;
}

function useParticipateHref(): string {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = match.handle as ChromeHandle | undefined;
    if (handle?.participateHref) return handle.participateHref;
  }
  return PATHS.registration;
}

export function Header() {
  const { t } = useTranslation();
  // The Žolinė link names the year of the published weekend.
  const year = eventYear(useSiteData().event);
  const participateHref = useParticipateHref();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuButton = useRef<HTMLAnchorElement>(null);

  return (
    <header className="sticky top-0 z-40 border-b border-black/5 bg-cream/90 backdrop-blur print:hidden">
      <Container className="flex h-16 items-center justify-between gap-2">
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
              <Link to={PATHS.zoline}>
                <Sparkles aria-hidden="true" className="h-4 w-4" />
                {t('nav.zoline', { year })}
              </Link>
            </Button>
          </div>
          <Button asChild size="sm">
            <Link to={participateHref}>{t('nav.participate')}</Link>
          </Button>
          {/* Until the scripts run (or if they never do), a link to the same links in the footer. */}
          <Button asChild variant="ghost" size="icon" className="lg:hidden">
            <a
              ref={menuButton}
              href={`#${FOOTER_LINKS_ID}`}
              {...actAsButton(() => {
                setMenuLoaded(true);
                setMenuOpen(true);
              })}
              aria-label={t('nav.openMenu')}
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
            >
              <Menu aria-hidden="true" className="h-6 w-6" />
            </a>
          </Button>
          {menuLoaded ? (
            <Suspense fallback={null}>
              <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} returnFocusTo={menuButton} />
            </Suspense>
          ) : null}
        </div>
      </Container>
      {/* Small screens: the language switcher again, beneath the header bar. */}
      <div className="border-t border-black/5 lg:hidden">
        <Container className="flex h-12 items-center justify-between gap-3">
          <LanguageSwitcher />
          <Link
            to={PATHS.zoline}
            className="text-sm font-semibold text-ember-700 underline-offset-4 hover:underline sm:hidden"
          >
            {t('nav.zoline', { year })}
          </Link>
        </Container>
      </div>
    </header>
  );
}
