import { useEffect, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { apiRequest } from '~/platform/http/request';
import { numberFormat, localeOf } from '~/platform/i18n/format';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { Tent, Users } from '~/platform/ui/icons/icons';
import { PLACES_ENDPOINTS } from './api';
import type { PlacesLeft } from './places';

/**
 * Above the form while registration is open (issue 32): the places left under the event's
 * limits, or that they are taken and a registration joins the waiting list. Asked when the
 * page has loaded (the page itself is kept rendered; the count changes with every
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
  if (places.full)
    return (
      <p role="status" className="mx-auto mt-4 max-w-2xl rounded-xl bg-amber-50 p-4 font-semibold text-ink">
        {t('places.full')}
      </p>
    );
  return (
    <ul role="status" className="mt-4 flex flex-wrap justify-center gap-3 font-semibold text-forest-700">
      {places.pitches !== null ? (
        <li className="flex items-center gap-2 rounded-full bg-white px-4 py-2 shadow-sm">
          <Tent aria-hidden="true" className="h-5 w-5" />
          {t('places.pitchesLeft', { value: number(places.pitches) })}
        </li>
      ) : null}
      {places.people !== null ? (
        <li className="flex items-center gap-2 rounded-full bg-white px-4 py-2 shadow-sm">
          <Users aria-hidden="true" className="h-5 w-5" />
          {t('places.peopleLeft', { value: number(places.people) })}
        </li>
      ) : null}
    </ul>
  );
}
