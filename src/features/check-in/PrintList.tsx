import { useTranslation } from '~/platform/i18n/useTranslation';
import { dateTimeFormat, EVENT_TIME_ZONE, localeOf } from '~/platform/i18n/format';
import type { Party } from './api';

/**
 * The paper fallback (issue 33): every expected party, alphabetical, with a box to tick and
 * what they registered, on A4. Only printed; the screen shows the list above.
 */
export function PrintList({ parties, at }: { parties: readonly Party[]; at: string }) {
  const { t, i18n } = useTranslation('checkIn');
  const printedAt = dateTimeFormat(localeOf(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: EVENT_TIME_ZONE,
  }).format(new Date(at));
  const arrivedAt = (iso: string) =>
    dateTimeFormat(localeOf(i18n.language), {
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: EVENT_TIME_ZONE,
    }).format(new Date(iso));
  const cell = 'border border-black/40 px-1.5 py-1 text-left';
  return (
    <section className="check-in-print hidden text-[10pt] text-black print:block">
      <h2 className="mb-1 text-lg font-bold">{t('print.title')}</h2>
      <p className="mb-3">{t('print.asOf', { time: printedAt, count: parties.length })}</p>
      <table className="w-full border-collapse">
        <thead>
          <tr>
            <th className={cell}>{t('print.tick')}</th>
            <th className={cell}>{t('print.name')}</th>
            <th className={cell}>{t('party.adultsLabel')}</th>
            <th className={cell}>{t('party.childrenLabel')}</th>
            <th className={cell}>{t('party.tentsLabel')}</th>
            <th className={cell}>{t('print.arrived')}</th>
          </tr>
        </thead>
        <tbody>
          {parties.map((party) => (
            <tr key={party.id} className="break-inside-avoid">
              <td className={`${cell} w-8 text-center`}>{party.arrival ? '✓' : '☐'}</td>
              <td className={cell}>
                <bdi>{party.lastName}</bdi> <bdi>{party.firstName}</bdi>
              </td>
              <td className={`${cell} w-14 text-center`}>{party.adults}</td>
              <td className={`${cell} w-14 text-center`}>{party.children}</td>
              <td className={`${cell} w-14 text-center`}>{party.tents}</td>
              <td className={`${cell} w-40`}>{party.arrival && arrivedAt(party.arrival.arrivedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
