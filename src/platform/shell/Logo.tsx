import { Flame } from '~/platform/ui/icons/icons';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { PATHS } from '~/platform/paths';

export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    // The name is the visible text plus where the link goes, so a voice-control user can say
    // what they see (WCAG 2.5.3 label in name).
    <Link to={PATHS.home} className="flex items-center gap-2 rounded-lg">
      <span className="grid h-9 w-9 place-items-center rounded-xl sm:h-10 sm:w-10 bg-gradient-to-br from-amber-flag via-ember-500 to-red-flag text-white shadow">
        <Flame aria-hidden="true" className="h-6 w-6" />
      </span>
      <span
        className={
          inverted ? 'leading-tight whitespace-nowrap text-white' : 'leading-tight whitespace-nowrap text-ink'
        }
      >
        <span className="block text-base font-extrabold tracking-tight">Lietuvių BBQ</span>
        <span className={inverted ? 'block text-xs text-white/80' : 'block text-xs text-muted'}>
          Wales · Velsas
        </span>
      </span>
      <span className="sr-only"> {t('site.logoHome')}</span>
    </Link>
  );
}
