import { dateTimeFormat } from '~/platform/i18n/format';
import { z } from 'zod';
import { endpoint } from '~/platform/http/api';
import { editionParam } from './edition';

// Numbers per day for the dashboard's charts: each admin section gives its own series
// (registrations, orders, the mail outbox), counted by the day in Europe/London.

export const DAILY_ENDPOINT = endpoint('/api/admin/stats/daily');

/** The longest range one request may ask for. */
const MAX_DAILY_RANGE_DAYS = 366;

const day = z.iso.date({ error: 'admin:charts.errors.date' });

/**
 * ?from=YYYY-MM-DD&to=YYYY-MM-DD, both days included; both optional (the last 30 days), and
 * the edition whose records edition-bound series count (registrations; the current one by default).
 */
export const dailyQuerySchema = z
  .object({ from: day.optional(), to: day.optional(), edition: editionParam })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    path: ['to'],
    error: 'admin:charts.errors.order',
  })
  .refine((range) => !range.from || !range.to || daysBetween(range.from, range.to) < MAX_DAILY_RANGE_DAYS, {
    path: ['to'],
    error: 'admin:charts.errors.tooLong',
  });

/** One day's numbers: by section name, then by series key. */
interface DailyRow {
  date: string;
  values: Record<string, Record<string, number>>;
}

export interface DailyStats {
  from: string;
  to: string;
  days: DailyRow[];
}

const MS_PER_DAY = 86_400_000;
const utcDay = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Whole days from `from` to `to` (calendar dates, no time zone involved). */
function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to) - utcDay(from)) / MS_PER_DAY);
}

/** Every date from `from` to `to`, both included. */
export function datesFrom(from: string, to: string): string[] {
  const count = daysBetween(from, to) + 1;
  return Array.from({ length: count }, (_, i) =>
    new Date(utcDay(from) + i * MS_PER_DAY).toISOString().slice(0, 10),
  );
}

/** `date` moved by `days` calendar days. */
export const addDays = (date: string, days: number) =>
  new Date(utcDay(date) + days * MS_PER_DAY).toISOString().slice(0, 10);

/** Today's date in Europe/London (the event's time zone and the organisers'). */
export const londonToday = (now = new Date()) =>
  dateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now);
