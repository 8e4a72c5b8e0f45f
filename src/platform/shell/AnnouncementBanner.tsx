import { Megaphone, X } from '~/platform/ui/icons/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { useSiteData } from '~/platform/content/site-data';
import { useBanner } from '~/platform/content/frame';
import { eventYear, fillPlaceholders } from '~/platform/event/format';
import { PATHS } from '~/platform/paths';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { bannerId } from './banner-id';

const STORAGE_KEY = 'announcementHidden';

/**
 * The organisers' announcement (content 'banner'); a visitor can hide it until it changes.
 * Drawn inside the frame's `banner` part (SiteShell): from the banner and the event facts
 * only, the same on every page (decision 0044).
 */
export function AnnouncementBanner() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const banner = useBanner();
  const { eventTexts, phase, event } = useSiteData();
  // Once the weekend is over the organisers' banner would invite to it: a thank-you instead,
  // until next year's facts are published.
  const shown = phase.over
    ? {
        text: t('eventOver.banner', { year: eventYear(event) }),
        link: PATHS.history,
        linkLabel: t('eventOver.bannerLink'),
      }
    : {
        text: fillPlaceholders(banner.text[language], eventTexts[language]),
        link: banner.link,
        linkLabel: banner.linkLabel[language],
      };
  const id = phase.over ? `over-${event.edition}` : bannerId(banner);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    try {
      if (localStorage.getItem(STORAGE_KEY) === id) setHidden(true);
    } catch {
      // storage unavailable: keep showing it
    }
  }, [id]);

  if (hidden || (!banner.enabled && !phase.over)) return null;

  const hide = () => {
    setHidden(true);
    try {
      localStorage.setItem(STORAGE_KEY, id);
    } catch {
      // storage unavailable: hidden for this page view only
    }
  };
  const external = /^https?:/.test(shown.link);

  // A `<details>` open from the start: its summary is the hide button, which closes it (CSS
  // then hides the rest) with or without scripts, the stored page the same for everyone
  // (decision 0044). With scripts the choice is also kept for the next pages (localStorage).
  return (
    <aside aria-label={t('banner.label')} className="bg-amber-flag text-ink print:hidden">
      <details open className="relative mx-auto w-full max-w-6xl not-open:hidden">
        <summary
          onClick={(event) => {
            event.preventDefault();
            hide();
          }}
          aria-label={t('banner.hide')}
          className="absolute top-1/2 right-3 grid h-8 w-8 -translate-y-1/2 cursor-pointer list-none place-items-center rounded-full hover:bg-black/10 sm:right-5 [&::-webkit-details-marker]:hidden"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </summary>
        <div className="flex items-center gap-3 py-2 pr-14 pl-4 text-sm sm:pr-16 sm:pl-6">
          <Megaphone aria-hidden="true" className="hidden h-4 w-4 shrink-0 sm:block" />
          <p className="flex-1">
            <span className="font-semibold">{shown.text}</span>{' '}
            {external ? (
              <a href={shown.link} className="font-bold underline underline-offset-2">
                {shown.linkLabel}
              </a>
            ) : (
              <Link to={shown.link} className="font-bold underline underline-offset-2">
                {shown.linkLabel}
              </Link>
            )}
          </p>
        </div>
      </details>
    </aside>
  );
}
