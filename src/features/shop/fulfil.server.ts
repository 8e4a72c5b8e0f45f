import { type Kysely, sql, type Transaction } from 'kysely';
import {
  type FlagReason,
  type MailConfig,
  queueFlaggedPaymentNotice,
  queueOrderConfirmationMail,
} from './order-mail.server';
import type { AppContext } from '~/platform/http/app-context.server';
import { writeAudit } from '~/platform/auth/audit.server';
import type { Database } from '~/platform/db/schema';
import type { Order } from './tables';
import type { PaymentProviderName } from './payments/types';

/** How long a payment update waits for another one holding the same order row. */
const ORDER_LOCK_TIMEOUT = '5s';

/** The order row stayed locked past ORDER_LOCK_TIMEOUT: answer 503 so the caller retries. */
export class OrderBusyError extends Error {
  constructor() {
    super('The order is being updated by another request');
  }
}

function isLockTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '55P03';
}

/**
 * Runs `work` in one transaction whose row locks give up after ORDER_LOCK_TIMEOUT. Every
 * payment update goes through here, so concurrent webhooks, return-race checks and test
 * payments for one order are serialised on its row.
 */
export async function inPaymentTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(async (trx) => {
      await sql.raw(`set local lock_timeout = '${ORDER_LOCK_TIMEOUT}'`).execute(trx);
      return work(trx);
    });
  } catch (error) {
    if (isLockTimeout(error)) throw new OrderBusyError();
    throw error;
  }
}

export function lockOrder(trx: Transaction<Database>, orderId: string): Promise<Order | undefined> {
  return trx.selectFrom('bbq_orders').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
}

export interface ConfirmedPayment {
  orderId: string;
  provider: PaymentProviderName;
  /** What told us: the provider's webhook, our server asking the provider, or the test checkout. */
  source: 'webhook' | 'return' | 'test-checkout';
  sessionId?: string | null;
  eventId?: string | null;
  /** What the provider says was paid, when it says (integer pence). */
  amountPaid?: number | null;
  currency?: string | null;
}

export type FulfilResult = 'paid' | 'already_paid' | 'flagged' | 'order_not_found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * The one place an order becomes paid. Idempotent: a second call for a paid order changes
 * nothing. In the caller's transaction: payment_status paid, order_status confirmed,
 * paid_at, an audit entry and the customer's confirmation e-mail in the outbox. A payment
 * for a cancelled or expired order, or for the wrong amount, is recorded and flagged for
 * the organisers instead (never dropped). Wake the mail worker after the commit.
 */
export async function fulfilOrder(
  trx: Transaction<Database>,
  payment: ConfirmedPayment,
  config: MailConfig,
): Promise<FulfilResult> {
  if (!isUuid(payment.orderId)) return 'order_not_found';
  const order = await lockOrder(trx, payment.orderId);
  if (!order) return 'order_not_found';
  if (order.payment_status === 'paid') return 'already_paid';

  const now = new Date();
  const paid = { amount: payment.amountPaid ?? null, currency: payment.currency ?? null };
  const amountMismatch =
    (paid.amount !== null && paid.amount !== order.total_amount) ||
    (paid.currency !== null && paid.currency.toUpperCase() !== order.currency.toUpperCase());
  const late = order.order_status === 'cancelled' || order.order_status === 'expired';
  const details = {
    source: payment.source,
    session_id: payment.sessionId ?? null,
    event_id: payment.eventId ?? null,
    amount_paid: paid.amount,
    currency: paid.currency,
  };
  const actor = `payment:${payment.provider}`;

  if (late || amountMismatch) {
    const reason = (late ? `order_${order.order_status}` : 'amount_mismatch') as FlagReason;
    await trx
      .updateTable('bbq_orders')
      .set({ payment_status: 'paid', paid_at: now, payment_flagged: true, updated_at: now })
      .where('id', '=', order.id)
      .execute();
    await writeAudit(
      trx,
      { id: null, label: actor },
      {
        action: 'order.payment_flagged',
        entity: 'order',
        entityId: order.id,
        details: { ...details, reason, order_status: order.order_status },
      },
    );
    await queueFlaggedPaymentNotice(trx, order, reason, paid, config);
    return 'flagged';
  }

  await trx
    .updateTable('bbq_orders')
    .set({
      payment_status: 'paid',
      // An organiser may already have moved the order on; never move it back.
      order_status: order.order_status === 'pending' ? 'confirmed' : order.order_status,
      paid_at: now,
      updated_at: now,
    })
    .where('id', '=', order.id)
    .execute();
  await writeAudit(
    trx,
    { id: null, label: actor },
    {
      action: 'order.paid',
      entity: 'order',
      entityId: order.id,
      details,
    },
  );
  await queueOrderConfirmationMail(trx, order.id, config);
  return 'paid';
}

/**
 * A provider's word that changes an unpaid order: locks it, applies `change` when `applies`
 * says so, and audits it as the provider. False when the order is unknown or not affected.
 */
async function providerUpdate(
  trx: Transaction<Database>,
  orderId: string,
  provider: PaymentProviderName,
  update: {
    applies: (order: Order) => boolean;
    change: Partial<Pick<Order, 'payment_status' | 'order_status'>>;
    action: string;
    details: Record<string, unknown>;
  },
): Promise<boolean> {
  if (!isUuid(orderId)) return false;
  const order = await lockOrder(trx, orderId);
  if (!order || order.payment_status === 'paid' || !update.applies(order)) return false;
  await trx
    .updateTable('bbq_orders')
    .set({ ...update.change, updated_at: new Date() })
    .where('id', '=', order.id)
    .execute();
  await writeAudit(
    trx,
    { id: null, label: `payment:${provider}` },
    { action: update.action, entity: 'order', entityId: order.id, details: update.details },
  );
  return true;
}

/** The provider says the payment failed (e.g. a bank debit bounced): the order stays unpaid. */
export function markPaymentFailed(
  trx: Transaction<Database>,
  orderId: string,
  provider: PaymentProviderName,
  details: Record<string, unknown>,
): Promise<boolean> {
  return providerUpdate(trx, orderId, provider, {
    applies: () => true,
    change: { payment_status: 'failed' },
    action: 'order.payment_failed',
    details,
  });
}

/** The checkout session expired unpaid: a pending order becomes expired. */
export function markCheckoutExpired(
  trx: Transaction<Database>,
  orderId: string,
  provider: PaymentProviderName,
  details: Record<string, unknown>,
): Promise<boolean> {
  return providerUpdate(trx, orderId, provider, {
    applies: (order) => order.order_status === 'pending',
    change: { order_status: 'expired' },
    action: 'order.expired',
    details,
  });
}

/** fulfilOrder in its own payment transaction, then the mail worker is woken. */
export async function confirmPayment(
  ctx: Pick<AppContext, 'database' | 'config' | 'mailWorker'>,
  payment: ConfirmedPayment,
): Promise<FulfilResult> {
  const result = await inPaymentTransaction(ctx.database.db, (trx) => fulfilOrder(trx, payment, ctx.config));
  if (result === 'paid' || result === 'flagged') ctx.mailWorker.wake();
  return result;
}
