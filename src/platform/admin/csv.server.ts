import { readFileSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { countryLabel } from './format';
import type { ListName, ListRows } from '~/features/admin/lists';

type Pack = Record<string, unknown>;
const packs: Record<'lt' | 'en', Pack> = {
  lt: JSON.parse(readFileSync(new URL('../i18n/locales/lt/admin.json', import.meta.url), 'utf8')) as Pack,
  en: JSON.parse(readFileSync(new URL('../i18n/locales/en/admin.json', import.meta.url), 'utf8')) as Pack,
};

/**
 * A key of the admin pack, or `fallback` (e.g. a stored value with no label). Like i18next,
 * a key may itself contain dots ("values.action.order.confirm" finds "order.confirm").
 */
function translate(lang: 'lt' | 'en', key: string, fallback = key): string {
  const find = (node: unknown, parts: string[]): string | undefined => {
    if (parts.length === 0) return typeof node === 'string' ? node : undefined;
    if (node === null || typeof node !== 'object') return undefined;
    const record = node as Pack;
    for (let i = parts.length; i > 0; i--) {
      const found = find(record[parts.slice(0, i).join('.')], parts.slice(i));
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return find(packs[lang], key.split('.')) ?? fallback;
}

type Cell = string | number | null;
interface Column<Row> {
  /** Key of the column title in the admin pack. */
  header: string;
  value: (row: Row, label: (group: string, value: string) => string, lang: 'lt' | 'en') => Cell;
}

const dateTime = (value: string | null) =>
  value === null
    ? null
    : new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Europe/London',
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(new Date(value)); // "2026-08-15 14:30", sortable, read by every spreadsheet
const pounds = (pence: number) => pence / 100;

const COLUMNS: { [L in ListName]: Column<ListRows[L]>[] } = {
  orders: [
    { header: 'fields.orderNumber', value: (r) => r.order_number },
    { header: 'fields.createdAt', value: (r) => dateTime(r.created_at) },
    { header: 'fields.customer', value: (r) => r.customer_name },
    { header: 'fields.email', value: (r) => r.customer_email },
    { header: 'fields.phone', value: (r) => r.customer_phone },
    { header: 'fields.deliveryMethod', value: (r, label) => label('delivery', r.delivery_method) },
    {
      header: 'fields.address',
      value: (r, _label, lang) =>
        r.delivery_address
          ? [
              r.delivery_address.street,
              r.delivery_address.city,
              r.delivery_address.postal_code,
              countryLabel(r.delivery_address.country, lang),
            ]
              .filter(Boolean)
              .join(', ')
          : null,
    },
    {
      header: 'fields.items',
      value: (r) => r.items.map((i) => `${i.product_name} × ${i.quantity}`).join('; '),
    },
    { header: 'fields.deliveryCostGbp', value: (r) => pounds(r.delivery_cost) },
    { header: 'fields.totalGbp', value: (r) => pounds(r.total_amount) },
    { header: 'fields.orderStatus', value: (r, label) => label('orderStatus', r.order_status) },
    { header: 'fields.paymentStatus', value: (r, label) => label('paymentStatus', r.payment_status) },
    { header: 'fields.paidAt', value: (r) => dateTime(r.paid_at) },
    { header: 'fields.notes', value: (r) => r.notes },
  ],
  contacts: [
    { header: 'fields.createdAt', value: (r) => dateTime(r.created_at) },
    { header: 'fields.name', value: (r) => r.name },
    { header: 'fields.email', value: (r) => r.email },
    { header: 'fields.phone', value: (r) => r.phone },
    { header: 'fields.category', value: (r, label) => label('category', r.category) },
    { header: 'fields.message', value: (r) => r.message },
    { header: 'fields.status', value: (r, label) => label('contactStatus', r.status) },
  ],
  memberships: [
    { header: 'fields.createdAt', value: (r) => dateTime(r.created_at) },
    { header: 'fields.communityName', value: (r) => r.community_name },
    { header: 'fields.membershipType', value: (r) => r.membership_type },
    { header: 'fields.amountGbp', value: (r) => pounds(r.payment_amount) },
    { header: 'fields.status', value: (r, label) => label('membershipStatus', r.status) },
  ],
  registrations: [
    { header: 'fields.createdAt', value: (r) => dateTime(r.created_at) },
    { header: 'fields.firstName', value: (r) => r.first_name },
    { header: 'fields.lastName', value: (r) => r.last_name },
    { header: 'fields.email', value: (r) => r.email },
    { header: 'fields.phone', value: (r) => r.phone },
    {
      header: 'fields.participation',
      value: (r, label) => r.participation_types.map((p) => label('participation', p)).join(', '),
    },
    { header: 'fields.camping', value: (r, label) => label('camping', r.camping) },
    { header: 'fields.adults', value: (r) => r.adults },
    { header: 'fields.children', value: (r) => r.children },
    { header: 'fields.dietary', value: (r) => r.dietary_needs },
    { header: 'fields.accessibility', value: (r) => r.accessibility_needs },
    { header: 'fields.notes', value: (r) => r.notes },
  ],
  'sponsor-applications': [
    { header: 'fields.createdAt', value: (r) => dateTime(r.created_at) },
    { header: 'fields.company', value: (r) => r.company_name },
    { header: 'fields.contactPerson', value: (r) => r.contact_person },
    { header: 'fields.email', value: (r) => r.email },
    { header: 'fields.phone', value: (r) => r.phone },
    { header: 'fields.website', value: (r) => r.website },
    { header: 'fields.level', value: (r, label) => label('level', r.sponsorship_level) },
    {
      header: 'fields.sponsorshipTypes',
      value: (r, label) => r.sponsorship_types.map((t) => label('sponsorType', t)).join(', '),
    },
    { header: 'fields.budget', value: (r, label) => label('budget', r.budget_range) },
    { header: 'fields.message', value: (r) => r.message },
    { header: 'fields.status', value: (r, label) => label('sponsorStatus', r.status) },
  ],
  outbox: [
    { header: 'fields.createdAt', value: (r) => dateTime(r.created_at) },
    { header: 'fields.to', value: (r) => r.to_address },
    { header: 'fields.subject', value: (r) => r.subject },
    { header: 'fields.template', value: (r, label) => label('template', r.template) },
    { header: 'fields.status', value: (r, label) => label('outboxStatus', r.status) },
    { header: 'fields.attempts', value: (r) => r.attempts },
    { header: 'fields.sentAt', value: (r) => dateTime(r.sent_at) },
    { header: 'fields.lastError', value: (r) => r.last_error },
  ],
  audit: [
    { header: 'fields.createdAt', value: (r) => dateTime(r.created_at) },
    { header: 'fields.actor', value: (r) => r.actor },
    { header: 'fields.action', value: (r, label) => label('action', r.action) },
    { header: 'fields.entity', value: (r, label) => label('entity', r.entity) },
    { header: 'fields.entityId', value: (r) => r.entity_id },
    { header: 'fields.details', value: (r) => (r.details ? JSON.stringify(r.details) : null) },
  ],
};

/**
 * A list as CSV for spreadsheets: UTF-8 with a BOM (so Excel shows ą, č, ę… correctly),
 * column titles and status names in the admin's language, and every cell that starts with
 * = + - @ tab or CR prefixed with ' so a spreadsheet never runs it as a formula.
 */
export function toCsv<L extends ListName>(list: L, rows: ListRows[L][], lang: 'lt' | 'en'): string {
  const columns = COLUMNS[list] as Column<ListRows[L]>[];
  const label = (group: string, value: string) => translate(lang, `values.${group}.${value}`, value);
  const header = columns.map((column) => translate(lang, column.header));
  const records = rows.map((row) => columns.map((column) => column.value(row, label, lang)));
  return stringify([header, ...records], { bom: true, escape_formulas: true, record_delimiter: 'windows' });
}

export function csvFileName(list: ListName, lang: 'lt' | 'en', now = new Date()): string {
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/London', dateStyle: 'short' }).format(now);
  return `${translate(lang, `csv.fileNames.${list}`, list)}-${day}.csv`;
}
