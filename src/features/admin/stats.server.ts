import { sql, type Kysely } from 'kysely';
import type { Database } from '~/platform/db/schema';
import {
  COMPETITOR_TYPE,
  DAY_CAMPING,
  HELPER_TYPE,
  type DashboardStats,
  type HealthOrder,
  type PaymentsHealth,
} from './lists';

export async function dashboardStats(db: Kysely<Database>): Promise<DashboardStats> {
  const [orders, contacts, sponsors, registrations] = await Promise.all([
    db
      .selectFrom('bbq_orders')
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`count(*) filter (where order_status = 'pending')`.as('pending'),
        sql<number>`coalesce(sum(total_amount) filter (where payment_status = 'paid'), 0)`.as('revenue'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('contacts')
      .select(sql<number>`count(*)`.as('new'))
      .where('status', '=', 'new')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sponsor_applications')
      .select(sql<number>`count(*)`.as('new'))
      .where('status', '=', 'new')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('registrations')
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`coalesce(sum(adults), 0)`.as('adults'),
        sql<number>`coalesce(sum(children), 0)`.as('children'),
        sql<number>`count(*) filter (where camping = 'tent')`.as('tents'),
        sql<number>`coalesce(sum(adults + children) filter (where camping = ${DAY_CAMPING}), 0)`.as(
          'day_visitors',
        ),
        sql<number>`count(*) filter (where participation_types ? ${COMPETITOR_TYPE})`.as('competitors'),
        sql<number>`count(*) filter (where participation_types ? ${HELPER_TYPE})`.as('helpers'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    orders: {
      total: Number(orders.total),
      pending: Number(orders.pending),
      revenuePence: Number(orders.revenue),
    },
    contacts: { new: Number(contacts.new) },
    sponsorApplications: { new: Number(sponsors.new) },
    registrations: {
      total: Number(registrations.total),
      adults: Number(registrations.adults),
      children: Number(registrations.children),
      tents: Number(registrations.tents),
      dayVisitors: Number(registrations.day_visitors),
      competitors: Number(registrations.competitors),
      helpers: Number(registrations.helpers),
    },
  };
}

/** An order pending this long after checkout began may be paid at the provider but not here. */
export const STUCK_AFTER_MINUTES = 30;

export async function paymentsHealth(db: Kysely<Database>): Promise<PaymentsHealth> {
  const columns = [
    'id',
    'order_number',
    'customer_name',
    'total_amount',
    'order_status',
    'payment_status',
    'checkout_started_at',
    'paid_at',
  ] as const;
  const toHealth = (
    r: {
      checkout_started_at: Date | null;
      paid_at: Date | null;
    } & Omit<HealthOrder, 'checkout_started_at' | 'paid_at'>,
  ): HealthOrder => ({
    ...r,
    checkout_started_at: r.checkout_started_at ? new Date(r.checkout_started_at).toISOString() : null,
    paid_at: r.paid_at ? new Date(r.paid_at).toISOString() : null,
  });
  const [last, stuck, flagged] = await Promise.all([
    db
      .selectFrom('payment_events')
      .select(sql<Date | null>`max(received_at)`.as('at'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('bbq_orders')
      .select(columns)
      .where('order_status', '=', 'pending')
      .where('payment_status', '=', 'pending')
      .where('checkout_started_at', '<', sql<Date>`now() - ${`${STUCK_AFTER_MINUTES} minutes`}::interval`)
      .orderBy('checkout_started_at', 'desc')
      .limit(50)
      .execute(),
    db
      .selectFrom('bbq_orders')
      .select(columns)
      .where('payment_flagged', '=', true)
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute(),
  ]);
  return {
    lastWebhookAt: last.at ? new Date(last.at).toISOString() : null,
    stuckAfterMinutes: STUCK_AFTER_MINUTES,
    stuck: stuck.map(toHealth),
    flagged: flagged.map(toHealth),
  };
}
