import { useEffect, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { apiRequest } from '~/platform/http/request';
import { numberFormat, localeOf } from '~/platform/i18n/format';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { Tent, Users } from '~/platform/ui/icons/icons';
import { PLACES_ENDPOINTS } from './api';
import type { PlacesLeft } from './places';

/**
 * Above the form while registration is open (issues 32, 43): the places left under the event's
 * limits, and which are gone — the places on site (everyone joins the waiting list), or only
 * the tent pitches (a tent registration waits; day visits and stays nearby are open). Asked
 * when the page has loaded (the page itself is kept rendered; the count changes with every
 * registration); nothing is shown without limits, or without scripts.
 */
export function PlacesNotice() {
  const { t } = useTranslation('registration');
  const { language } = useLanguage();
  const [places, setPlaces] = useState<PlacesLeft>();
  useEffect(() => {
    apiRequest<PlacesLeft>('GET', PLACES_ENDPOINTS.left.url()).then(setPlaces, () => undefined);
  }, []);
  if (!places || (places.pitches === null && places.people === null)) return null;
  const number = (value: number) => numberFormat(localeOf(language)).format(value);
  // Pitches gone: said once, in words, not as "0 left".
  const showPitches = places.pitches !== null && !places.pitchesFull;
  if (places.full)
    return (
      <p role="status" className="mx-auto mt-4 max-w-2xl rounded-xl bg-amber-50 p-4 font-semibold text-ink">
        {t('places.full')}
      </p>
    );
  return (
    <div role="status" className="mt-4 grid justify-items-center gap-3">
      {places.pitchesFull ? (
        <p className="mx-auto flex max-w-2xl items-start gap-2 rounded-xl bg-amber-50 p-4 text-left font-semibold text-ink">
          <Tent aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-ember-700" />
          {t('places.pitchesFull')}
        </p>
      ) : null}
      {showPitches || places.people !== null ? (
        <ul className="flex flex-wrap justify-center gap-3 font-semibold text-forest-700">
          {showPitches ? (
            <li className="flex items-center gap-2 rounded-full bg-white px-4 py-2 shadow-sm">
              <Tent aria-hidden="true" className="h-5 w-5" />
              {t('places.pitchesLeft', { value: number(places.pitches ?? 0) })}
            </li>
          ) : null}
          {places.people !== null ? (
            <li className="flex items-center gap-2 rounded-full bg-white px-4 py-2 shadow-sm">
              <Users aria-hidden="true" className="h-5 w-5" />
              {t('places.peopleLeft', { value: number(places.people) })}
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
