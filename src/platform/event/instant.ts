import { TZDate } from '@date-fns/tz';
import { EVENT_TIME_ZONE } from '~/platform/i18n/format';

/** A UK wall-clock time ('YYYY-MM-DDTHH:mm', as event facts keep them) as the instant it is. */
export function eventInstant(wallTime: string): Date {
  const [date = '', clock = '00:00'] = wallTime.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = clock.split(':').map(Number);
  return new Date(new TZDate(year!, month! - 1, day!, hour!, minute!, EVENT_TIME_ZONE).getTime());
}
