import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '~/platform/db/schema';
import type {
  AuditRow,
  ContactRow,
  ListName,
  ListRows,
  MembershipRow,
  OrderRow,
  OutboxRow,
  RegistrationRow,
  SponsorApplicationRow,
} from './lists';

export interface ListFilter {
  q: string;
  status: string;
  limit: number;
  offset: number;
}

/** `column::text ILIKE %q%` over several columns (q's own % and _ match literally). */
function matchesAny(q: string, columns: string[]): Expression<SqlBool> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`(${sql.join(
    columns.map((c) => sql`${sql.raw(c)}::text ilike ${pattern}`),
    sql` or `,
  )})`;
}

const always = sql<SqlBool>`true`;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

type Fetcher<R> = (db: Kysely<Database>, f: ListFilter) => Promise<{ rows: R[]; total: number }>;

const orders: Fetcher<OrderRow> = async (db, f) => {
  const base = db
    .selectFrom('bbq_orders')
    .where(
      f.q
        ? matchesAny(f.q, ['order_number', 'customer_name', 'customer_email', 'customer_phone', 'notes'])
        : always,
    )
    .where(f.status ? sql<SqlBool>`order_status = ${f.status}` : always);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'id',
      'order_number',
      'customer_name',
      'customer_email',
      'customer_phone',
      'delivery_method',
      'delivery_address',
      'delivery_cost',
      'notes',
      'total_amount',
      'order_status',
      'payment_status',
      'payment_flagged',
      'checkout_started_at',
      'paid_at',
      'created_at',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  const items = rows.length
    ? await db
        .selectFrom('bbq_order_items')
        .select(['order_id', 'product_name', 'quantity', 'product_price', 'total_price'])
        .where(
          'order_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('product_name')
        .execute()
    : [];
  return {
    total: Number(total),
    rows: rows.map((r) => ({
      ...r,
      delivery_address: r.delivery_address as OrderRow['delivery_address'],
      checkout_started_at: iso(r.checkout_started_at),
      paid_at: iso(r.paid_at),
      created_at: iso(r.created_at)!,
      items: items.filter((i) => i.order_id === r.id).map(({ order_id: _orderId, ...item }) => item),
    })),
  };
};

const contacts: Fetcher<ContactRow> = async (db, f) => {
  const base = db
    .selectFrom('contacts')
    .where(f.q ? matchesAny(f.q, ['name', 'email', 'phone', 'message', 'category']) : always)
    .where(f.status ? sql<SqlBool>`status = ${f.status}` : always);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'name', 'email', 'phone', 'message', 'category', 'status', 'created_at', 'resolved_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return {
    total: Number(total),
    rows: rows.map((r) => ({ ...r, created_at: iso(r.created_at)!, resolved_at: iso(r.resolved_at) })),
  };
};

const memberships: Fetcher<MembershipRow> = async (db, f) => {
  const base = db
    .selectFrom('community_memberships')
    .where(f.q ? matchesAny(f.q, ['community_name', 'membership_type']) : always)
    .where(f.status ? sql<SqlBool>`status = ${f.status}` : always);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'community_name', 'membership_type', 'payment_amount', 'status', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return { total: Number(total), rows: rows.map((r) => ({ ...r, created_at: iso(r.created_at)! })) };
};

const registrations: Fetcher<RegistrationRow> = async (db, f) => {
  const base = db
    .selectFrom('registrations')
    .where(
      f.q
        ? matchesAny(f.q, [
            "first_name || ' ' || last_name",
            'email',
            'phone',
            'dietary_needs',
            'accessibility_needs',
            'notes',
          ])
        : always,
    )
    .where(f.status ? sql<SqlBool>`camping = ${f.status}` : always);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'id',
      'first_name',
      'last_name',
      'email',
      'phone',
      'participation_types',
      'camping',
      'adults',
      'children',
      'dietary_needs',
      'accessibility_needs',
      'notes',
      'language',
      'created_at',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return {
    total: Number(total),
    rows: rows.map((r) => ({
      ...r,
      participation_types: Array.isArray(r.participation_types) ? r.participation_types : [],
      created_at: iso(r.created_at)!,
    })),
  };
};

const sponsorApplications: Fetcher<SponsorApplicationRow> = async (db, f) => {
  const base = db
    .selectFrom('sponsor_applications')
    .where(
      f.q
        ? matchesAny(f.q, ['company_name', 'contact_person', 'email', 'phone', 'website', 'message'])
        : always,
    )
    .where(f.status ? sql<SqlBool>`status = ${f.status}` : always);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'id',
      'company_name',
      'contact_person',
      'email',
      'phone',
      'website',
      'sponsorship_level',
      'sponsorship_types',
      'budget_range',
      'message',
      'status',
      'created_at',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return {
    total: Number(total),
    rows: rows.map((r) => ({
      ...r,
      sponsorship_types: Array.isArray(r.sponsorship_types) ? r.sponsorship_types : [],
      created_at: iso(r.created_at)!,
    })),
  };
};

const outbox: Fetcher<OutboxRow> = async (db, f) => {
  const base = db
    .selectFrom('mail_outbox')
    .where(f.q ? matchesAny(f.q, ['to_address', 'subject', 'template']) : always)
    .where(f.status ? sql<SqlBool>`status = ${f.status}` : always);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'id',
      'template',
      'to_address',
      'subject',
      'status',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return {
    total: Number(total),
    rows: rows.map((r) => ({ ...r, created_at: iso(r.created_at)!, sent_at: iso(r.sent_at) })),
  };
};

const audit: Fetcher<AuditRow> = async (db, f) => {
  const base = db
    .selectFrom('audit_log')
    .where(f.q ? matchesAny(f.q, ['actor', 'action', 'entity', 'entity_id', 'details']) : always)
    .where(f.status ? sql<SqlBool>`entity = ${f.status}` : always);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'actor', 'action', 'entity', 'entity_id', 'details', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  return {
    total: Number(total),
    rows: rows.map((r) => ({
      ...r,
      id: String(r.id),
      details: (r.details ?? null) as AuditRow['details'],
      created_at: iso(r.created_at)!,
    })),
  };
};

/** How each list is read: newest first, filtered by one search text and one filter value. */
export const LIST_FETCHERS: { [L in ListName]: Fetcher<ListRows[L]> } = {
  orders,
  contacts,
  memberships,
  registrations,
  'sponsor-applications': sponsorApplications,
  outbox,
  audit,
};
