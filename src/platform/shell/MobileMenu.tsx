import { X } from '~/platform/ui/icons/icons';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { NavLink } from 'react-router';
import { Button } from '~/platform/ui/Button';
import { cn } from '~/platform/ui/cn';
import { GUIDE_LINKS, NAV_ITEMS, navLinkClass } from './nav';
import { useSiteData } from '~/platform/content/site-data';
import { eventYear } from '~/platform/event/format';
import { PATHS } from '~/platform/paths';

/**
 * Every public section, the footer's set (issue 44); a participant's registration and orders
 * as one "My bookings": the page that e-mails every private link an address has (the
 * registration's and the orders').
 */
const MENU_ITEMS = [
  { to: PATHS.home, key: 'nav.home' },
  ...NAV_ITEMS,
  { to: PATHS.zoline, key: 'nav.zoline' },
  ...GUIDE_LINKS.filter((link) => link.to !== PATHS.orderHistory),
  { to: PATHS.myData, key: 'nav.myBookings' },
] as const;

/**
 * The phone navigation sheet (Radix Dialog: focus trap, scroll lock, Escape). Loaded on the
 * first tap of the menu button, so desktop and first paint don't pay for it.
 */
export default function MobileMenu({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const year = eventYear(useSiteData().event);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-6 overflow-y-auto bg-cream p-6 shadow-xl"
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
            <ul className="flex flex-col gap-0.5">
              {MENU_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end
                    onClick={() => onOpenChange(false)}
                    className={({ isActive }) => cn(navLinkClass({ isActive }), 'block text-base')}
                  >
                    {t(item.key, { year })}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
