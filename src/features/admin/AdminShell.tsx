import { LogOut } from '~/platform/ui/icons/icons';
import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { LanguageSwitcher } from '~/platform/shell/LanguageSwitcher';
import { Logo } from '~/platform/shell/Logo';
import { navLinkClass } from '~/platform/shell/nav';
import { PATHS } from '~/platform/paths';
import { NavLink } from 'react-router';
import { Button } from '~/platform/ui/Button';
import { cn } from '~/platform/ui/cn';
import type { AdminIdentity } from '~/platform/admin/api';

/**
 * The admin area's own compact frame (not the public header and footer): logo back to the
 * site, the area's name, language switcher, and sign-out once signed in.
 */
export function AdminShell({
  admin,
  onLogout,
  children,
}: {
  admin?: AdminIdentity;
  onLogout?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('shell.skipToContent')}
      </a>
      {/* A printed admin page (the food counts) is its content only. */}
      <header className="border-b border-black/10 bg-white print:hidden">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Logo />
            <span className="hidden rounded-full bg-forest-100 px-3 py-1 text-sm font-semibold text-forest-700 sm:inline">
              {t('shell.areaName')}
            </span>
          </div>
          <div className="flex items-center gap-2">
            <LanguageSwitcher />
            {admin && onLogout ? (
              <Button variant="ghost" size="sm" onClick={onLogout} aria-label={t('shell.logout')}>
                <LogOut aria-hidden="true" className="h-4 w-4" />
                <span className="hidden sm:inline">{t('shell.logout')}</span>
              </Button>
            ) : null}
          </div>
        </div>
        {admin ? (
          <nav aria-label={t('shell.nav')} className="border-t border-black/5">
            <div className="mx-auto flex w-full max-w-6xl flex-wrap gap-1 px-4 py-2 sm:px-6">
              {[
                { to: PATHS.admin, label: t('shell.dashboard'), end: true },
                { to: PATHS.adminContent, label: t('shell.content'), end: false },
                { to: PATHS.adminMessages, label: t('shell.messages'), end: true },
                { to: PATHS.adminRota, label: t('shell.rota'), end: true },
                { to: PATHS.adminFood, label: t('shell.food'), end: true },
                { to: PATHS.adminTeam, label: t('shell.team'), end: true },
                { to: PATHS.adminPrivacy, label: t('shell.privacy'), end: true },
                { to: PATHS.adminCheckIn, label: t('shell.checkIn'), end: true },
              ].map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  end={item.end}
                  // One line each; on a phone the menu wraps onto a second row, so every
                  // section stays in sight (a sideways scroll hid the last ones).
                  className={(state) => cn(navLinkClass(state), 'whitespace-nowrap')}
                >
                  {item.label}
                </NavLink>
              ))}
            </div>
          </nav>
        ) : null}
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl px-4 py-6 outline-none sm:px-6 sm:py-8"
      >
        {children}
      </main>
    </>
  );
}
