import { useTranslation } from '~/platform/i18n/useTranslation';
import { dateTimeFormat, EVENT_TIME_ZONE, localeOf } from '~/platform/i18n/format';
import type { ArrivalsPrint, Party } from './api';

const cell = 'border border-black/40 px-1.5 py-1 text-left';

function usePrintTimes() {
  const { i18n } = useTranslation('checkIn');
  const locale = localeOf(i18n.language);
  return {
    printedAt: (iso: string) =>
      dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: EVENT_TIME_ZONE }).format(
        new Date(iso),
      ),
    arrivedAt: (iso: string) =>
      dateTimeFormat(locale, {
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: EVENT_TIME_ZONE,
      }).format(new Date(iso)),
  };
}

/**
 * The paper fallback (issue 33): every expected party, alphabetical, with a box to tick; for
 * a party that has arrived, the numbers counted at the gate beside those registered (issue
 * 43), and how many have arrived. Only printed; the screen shows the list above.
 */
export function PrintList({ parties, at }: { parties: readonly Party[]; at: string }) {
  const { t } = useTranslation('checkIn');
  const { printedAt, arrivedAt } = usePrintTimes();
  const arrived = parties.filter((party) => party.arrival);
  const people = arrived.reduce((n, party) => n + party.arrival!.adults + party.arrival!.children, 0);
  const number = (party: Party, key: 'adults' | 'children' | 'tents') =>
    party.arrival ? `${party.arrival[key]} / ${party[key]}` : String(party[key]);
  return (
    <section className="check-in-print hidden text-[10pt] text-black print:block" data-print="gate">
      <h2 className="mb-1 text-lg font-bold">{t('print.title')}</h2>
      <p>{t('print.asOf', { time: printedAt(at), count: parties.length })}</p>
      <p className="mb-3">
        {t('print.arrivedSummary', { parties: arrived.length, expected: parties.length, people })}{' '}
        {t('print.numbersNote')}
      </p>
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
              <td className={`${cell} w-16 text-center`}>{number(party, 'adults')}</td>
              <td className={`${cell} w-16 text-center`}>{number(party, 'children')}</td>
              <td className={`${cell} w-16 text-center`}>{number(party, 'tents')}</td>
              <td className={`${cell} w-40`}>{party.arrival && arrivedAt(party.arrival.arrivedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * Who has arrived (issue 43), for the organisers on site: by name, with the phone, the people
 * and tents counted at the gate, when, and the needs where the person consented to them;
 * the time it was printed on top. Admins only (the server refuses a volunteer's link).
 */
export function ArrivalsPrintList({ list }: { list: ArrivalsPrint }) {
  const { t } = useTranslation('checkIn');
  const { printedAt, arrivedAt } = usePrintTimes();
  const people = list.parties.reduce((n, party) => n + party.adults + party.children, 0);
  return (
    <section className="check-in-print hidden text-[10pt] text-black print:block" data-print="arrivals">
      <h2 className="mb-1 text-lg font-bold">{t('print.arrivals.title')}</h2>
      <p className="font-semibold">{t('print.arrivals.printedAt', { time: printedAt(list.printedAt) })}</p>
      <p className="mb-1">{t('print.arrivals.summary', { count: list.parties.length, people })}</p>
      <p className="mb-3 text-[9pt]">{t('print.arrivals.needsNote')}</p>
      {list.parties.length === 0 ? (
        <p>{t('print.arrivals.noneYet')}</p>
      ) : (
        <table className="w-full border-collapse">
          <thead>
            <tr>
              <th className={cell}>{t('print.name')}</th>
              <th className={cell}>{t('print.arrivals.phone')}</th>
              <th className={cell}>{t('print.arrivals.people')}</th>
              <th className={cell}>{t('party.tentsLabel')}</th>
              <th className={cell}>{t('print.arrived')}</th>
              <th className={cell}>{t('print.arrivals.needs')}</th>
            </tr>
          </thead>
          <tbody>
            {list.parties.map((party) => (
              <tr key={party.id} className="break-inside-avoid">
                <td className={cell}>
                  {party.lastName} {party.firstName}
                </td>
                <td className={`${cell} whitespace-nowrap`}>{party.phone}</td>
                <td className={`${cell} w-16 text-center`}>
                  {party.adults} + {party.children}
                </td>
                <td className={`${cell} w-12 text-center`}>{party.tents}</td>
                <td className={`${cell} w-28`}>{arrivedAt(party.arrivedAt)}</td>
                <td className={cell}>
                  {[party.dietaryNeeds, party.accessibilityNeeds].filter(Boolean).join(' · ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
