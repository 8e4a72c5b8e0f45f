import { Megaphone, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Container } from '~/platform/ui/Container';
import { PATHS } from '~/platform/paths';

/** Bump when the announcement changes, so visitors who hid the old one see the new one. */
const ANNOUNCEMENT_ID = 'zoline-2026';
const STORAGE_KEY = 'announcementHidden';

export function AnnouncementBanner() {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    try {
      if (localStorage.getItem(STORAGE_KEY) === ANNOUNCEMENT_ID) setHidden(true);
    } catch {
      // storage unavailable: keep showing it
    }
  }, []);

  if (hidden) return null;

  const hide = () => {
    setHidden(true);
    try {
      localStorage.setItem(STORAGE_KEY, ANNOUNCEMENT_ID);
    } catch {
      // storage unavailable: hidden for this page view only
    }
  };

  return (
    <aside aria-label={t('banner.link')} className="bg-amber-flag text-ink">
      <Container className="flex items-center gap-3 py-2 text-sm">
        <Megaphone aria-hidden="true" className="hidden h-4 w-4 shrink-0 sm:block" />
        <p className="flex-1">
          <span className="font-semibold">{t('banner.text')}</span>{' '}
          <Link to={PATHS.zoline} className="font-bold underline underline-offset-2">
            {t('banner.link')}
          </Link>
        </p>
        <button
          type="button"
          onClick={hide}
          aria-label={t('banner.hide')}
          className="grid h-8 w-8 shrink-0 cursor-pointer place-items-center rounded-full hover:bg-black/10"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </Container>
    </aside>
  );
}
