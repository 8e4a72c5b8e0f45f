import { itemsOfOrders } from './order-items.server';
import { type DailySource, londonDay, toSeries, withinDays } from '~/platform/admin/daily.server';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { actorOf, type AdminSectionServer, idOf } from '~/platform/admin/area.server';
import { csvDateTime, csvPounds } from '~/platform/admin/csv.server';
import { type AdminListSource, isoDate } from '~/platform/admin/lists.server';
import { type AuditActor, writeAudit } from '~/platform/auth/audit.server';
import type { Database } from '~/platform/db/schema';
import { HttpError, notFound, parseInput } from '~/platform/http/errors.server';
import { countryName } from '~/platform/i18n/format';
import {
  adminItemName,
  type HealthOrder,
  ORDER_ADMIN_ENDPOINTS,
  ORDERS_LIST,
  type OrderRow,
  type PaymentsHealth,
} from './admin';
import { type MailConfig, queueOrderConfirmationMail } from './order-mail.server';
import {
  markPaidAllowed,
  ORDER_ACTION_NAMES,
  ORDER_ACTIONS,
  type OrderAction,
  orderActionAllowed,
  resendAllowed,
} from './workflow';

const ordersSource: AdminListSource<OrderRow> = {
  list: ORDERS_LIST,
  table: 'bbq_orders',
  columns: [
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
    'payment_provider',
    'checkout_started_at',
    'paid_at',
    'created_at',
  ],
  search: ['order_number', 'customer_name', 'customer_email', 'customer_phone', 'notes'],
  filterColumn: 'order_status',
  toRow: ({ payment_provider: provider, ...r }) =>
    ({
      ...r,
      test_payment: provider === 'test',
      checkout_started_at: isoDate(r.checkout_started_at),
      paid_at: isoDate(r.paid_at),
      created_at: isoDate(r.created_at)!,
      items: [],
    }) as unknown as OrderRow,
  attach: async (db, rows) => {
    const items = await itemsOfOrders(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({ ...row, items: items.get(row.id) ?? [] }));
  },
  csv: [
    { header: 'fields.orderNumber', value: (r) => r.order_number },
    { header: 'fields.createdAt', value: (r) => csvDateTime(r.created_at) },
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
              countryName(r.delivery_address.country, lang),
            ]
              .filter(Boolean)
              .join(', ')
          : null,
    },
    {
      header: 'fields.items',
      value: (r, _label, lang) => r.items.map((i) => `${adminItemName(i, lang)} × ${i.quantity}`).join('; '),
    },
    { header: 'fields.deliveryCostGbp', value: (r) => csvPounds(r.delivery_cost) },
    { header: 'fields.totalGbp', value: (r) => csvPounds(r.total_amount) },
    { header: 'fields.orderStatus', value: (r, label) => label('orderStatus', r.order_status) },
    {
      header: 'fields.paymentStatus',
      value: (r, label) =>
        r.test_payment
          ? `${label('paymentStatus', r.payment_status)} (${label('paymentStatus', 'test')})`
          : label('paymentStatus', r.payment_status),
    },
    { header: 'fields.paidAt', value: (r) => csvDateTime(r.paid_at) },
    { header: 'fields.notes', value: (r) => r.notes },
  ],
};

async function changeOrderStatus(db: Kysely<Database>, actor: AuditActor, id: string, action: OrderAction) {
  const rule = ORDER_ACTIONS.find((a) => a.action === action)!;
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('bbq_orders')
      .select(['id', 'order_number', 'order_status'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound();
    if (!orderActionAllowed(action, order.order_status)) throw new HttpError(409, 'transition_not_allowed');
    await trx
      .updateTable('bbq_orders')
      .set({ order_status: rule.to, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, actor, {
      action: `order.${action}`,
      entity: 'order',
      entityId: id,
      details: { orderNumber: order.order_number, from: order.order_status, to: rule.to },
    });
    return { order_status: rule.to };
  });
}

/** A manual override (e.g. paid in cash): idempotent, and audited when it changes anything. */
async function markOrderPaid(db: Kysely<Database>, actor: AuditActor, id: string) {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('bbq_orders')
      .select(['id', 'order_number', 'order_status', 'payment_status'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound();
    if (order.payment_status === 'paid') return { changed: false, payment_status: 'paid' as const };
    if (!markPaidAllowed(order)) throw new HttpError(409, 'transition_not_allowed');
    await trx
      .updateTable('bbq_orders')
      .set({ payment_status: 'paid', paid_at: new Date(), updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, actor, {
      action: 'order.mark_paid',
      entity: 'order',
      entityId: id,
      details: { orderNumber: order.order_number, from: order.payment_status, to: 'paid', manual: true },
    });
    return { changed: true, payment_status: 'paid' as const };
  });
}

/**
 * Queues the order's confirmation e-mail again (the customer lost it, or typed a wrong
 * address that was fixed). Not for orders that are no longer going ahead.
 */
async function resendOrderConfirmation(
  db: Kysely<Database>,
  actor: AuditActor,
  id: string,
  config: MailConfig,
) {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('bbq_orders')
      .select(['order_number', 'order_status', 'customer_email'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!order) throw notFound();
    if (!resendAllowed(order)) throw new HttpError(409, 'transition_not_allowed');
    const mailId = await queueOrderConfirmationMail(trx, id, config);
    await writeAudit(trx, actor, {
      action: 'order.resend_confirmation',
      entity: 'order',
      entityId: id,
      details: { orderNumber: order.order_number, email: order.customer_email, mailId },
    });
    return { changed: true, mailId };
  });
}

/** The admin has looked at a late payment on a cancelled or expired order. */
async function clearPaymentFlag(db: Kysely<Database>, actor: AuditActor, id: string) {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .updateTable('bbq_orders')
      .set({ payment_flagged: false, updated_at: new Date() })
      .where('id', '=', id)
      .where('payment_flagged', '=', true)
      .returning(['order_number'])
      .executeTakeFirst();
    if (!order) {
      const exists = await trx.selectFrom('bbq_orders').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) throw notFound();
      return { changed: false };
    }
    await writeAudit(trx, actor, {
      action: 'order.clear_flag',
      entity: 'order',
      entityId: id,
      details: { orderNumber: order.order_number },
    });
    return { changed: true };
  });
}

/** An order pending this long after checkout began may be paid at the provider but not here. */
const STUCK_AFTER_MINUTES = 30;

async function paymentsHealth(db: Kysely<Database>): Promise<PaymentsHealth> {
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
    r: { checkout_started_at: Date | null; paid_at: Date | null } & Omit<
      HealthOrder,
      'checkout_started_at' | 'paid_at'
    >,
  ): HealthOrder => ({
    ...r,
    checkout_started_at: isoDate(r.checkout_started_at),
    paid_at: isoDate(r.paid_at),
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
    lastWebhookAt: isoDate(last.at),
    stuckAfterMinutes: STUCK_AFTER_MINUTES,
    stuck: stuck.map(toHealth),
    flagged: flagged.map(toHealth),
  };
}

async function orderAdminRoutes(scope: FastifyInstance) {
  const { config, database, mailWorker } = scope.ctx;
  const db = database.db;
  scope.get(ORDER_ADMIN_ENDPOINTS.paymentsHealth.path, async () => paymentsHealth(db));
  scope.post(ORDER_ADMIN_ENDPOINTS.status.path, async (request) => {
    const { action } = parseInput(z.object({ action: z.enum(ORDER_ACTION_NAMES) }), request.body);
    return changeOrderStatus(db, actorOf(request), idOf(request.params), action);
  });
  scope.post(ORDER_ADMIN_ENDPOINTS.markPaid.path, async (request) =>
    markOrderPaid(db, actorOf(request), idOf(request.params)),
  );
  scope.post(ORDER_ADMIN_ENDPOINTS.resendConfirmation.path, async (request) => {
    const result = await resendOrderConfirmation(db, actorOf(request), idOf(request.params), config);
    mailWorker.wake();
    return result;
  });
  scope.post(ORDER_ADMIN_ENDPOINTS.clearFlag.path, async (request) =>
    clearPaymentFlag(db, actorOf(request), idOf(request.params)),
  );
}

/** Totals for the dashboard: orders, those waiting for an organiser, and paid revenue. */
async function orderStats(db: Kysely<Database>) {
  const row = await db
    .selectFrom('bbq_orders')
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`count(*) filter (where order_status = 'pending')`.as('pending'),
      sql<number>`coalesce(sum(total_amount) filter (where payment_status = 'paid'), 0)`.as('revenue'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), pending: Number(row.pending), revenuePence: Number(row.revenue) };
}

/** Per London day: orders placed, and the paid revenue of those orders (pence). */
const orderDaily: DailySource = {
  keys: ['orders', 'revenuePence'],
  query: async (db, range) =>
    toSeries(
      await db
        .selectFrom('bbq_orders')
        .select([
          londonDay('created_at').as('day'),
          sql<number>`count(*)`.as('orders'),
          sql<number>`coalesce(sum(total_amount) filter (where payment_status = 'paid'), 0)`.as(
            'revenuePence',
          ),
        ])
        .where(withinDays('created_at', range))
        .groupBy(sql`1`)
        .execute(),
    ),
};

export const shopAdmin: AdminSectionServer = {
  name: 'shop',
  lists: [ordersSource],
  routes: orderAdminRoutes,
  stats: orderStats,
  daily: orderDaily,
};
