import type { Kysely } from 'kysely';
import { type AuditActor, writeAudit } from '~/platform/auth/audit.server';
import type { Database } from '~/platform/db/schema';
import { type MailConfig, queueOrderConfirmationMail } from '~/features/shop/order-mail.server';
import type { membershipSchema } from './schema';
import { poundsToPence } from './schema';
import type { z } from 'zod';
import {
  type OrderAction,
  ORDER_ACTIONS,
  SPONSOR_TRANSITIONS,
  markPaidAllowed,
  orderActionAllowed,
  resendAllowed,
  type SponsorStatus,
} from './workflow';

/** An error the API answers with its status and code (the app's error handler sends it). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message = code,
  ) {
    super(message);
  }
}

const notFound = () => new HttpError(404, 'not_found');

export async function changeOrderStatus(
  db: Kysely<Database>,
  actor: AuditActor,
  id: string,
  action: OrderAction,
) {
  const rule = ORDER_ACTIONS.find((a) => a.action === action)!;
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('bbq_orders')
      .select(['id', 'order_number', 'order_status'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound();
    if (!orderActionAllowed(action, order.order_status)) {
      throw new HttpError(
        409,
        'transition_not_allowed',
        `Cannot ${action} an order that is ${order.order_status}`,
      );
    }
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
export async function markOrderPaid(db: Kysely<Database>, actor: AuditActor, id: string) {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('bbq_orders')
      .select(['id', 'order_number', 'order_status', 'payment_status'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound();
    if (order.payment_status === 'paid') return { changed: false, payment_status: 'paid' as const };
    if (!markPaidAllowed(order)) {
      throw new HttpError(409, 'transition_not_allowed', `Cannot mark a ${order.order_status} order paid`);
    }
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
export async function resendOrderConfirmation(
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
    if (!resendAllowed(order)) {
      throw new HttpError(409, 'transition_not_allowed', `The order is ${order.order_status}`);
    }
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
export async function clearPaymentFlag(db: Kysely<Database>, actor: AuditActor, id: string) {
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

export async function resolveContact(db: Kysely<Database>, actor: AuditActor, id: string) {
  return db.transaction().execute(async (trx) => {
    const contact = await trx
      .selectFrom('contacts')
      .select(['status', 'email'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!contact) throw notFound();
    if (contact.status !== 'new') throw new HttpError(409, 'transition_not_allowed', 'Already resolved');
    await trx
      .updateTable('contacts')
      .set({ status: 'resolved', resolved_at: new Date() })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, actor, {
      action: 'contact.resolve',
      entity: 'contact',
      entityId: id,
      details: { from: 'new', to: 'resolved' },
    });
    return { status: 'resolved' as const };
  });
}

export async function changeSponsorStatus(
  db: Kysely<Database>,
  actor: AuditActor,
  id: string,
  status: SponsorStatus,
) {
  return db.transaction().execute(async (trx) => {
    const application = await trx
      .selectFrom('sponsor_applications')
      .select(['status', 'company_name'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!application) throw notFound();
    if (!SPONSOR_TRANSITIONS[application.status].includes(status)) {
      throw new HttpError(409, 'transition_not_allowed', `Cannot go from ${application.status} to ${status}`);
    }
    await trx.updateTable('sponsor_applications').set({ status }).where('id', '=', id).execute();
    await writeAudit(trx, actor, {
      action: 'sponsor_application.status',
      entity: 'sponsor_application',
      entityId: id,
      details: { company: application.company_name, from: application.status, to: status },
    });
    return { status };
  });
}

type MembershipValues = z.output<typeof membershipSchema>;

const membershipRow = (input: MembershipValues) => ({
  community_name: input.communityName,
  membership_type: input.membershipType,
  payment_amount: poundsToPence(input.paymentAmount),
  status: input.status,
});

export async function createMembership(db: Kysely<Database>, actor: AuditActor, input: MembershipValues) {
  return db.transaction().execute(async (trx) => {
    const values = membershipRow(input);
    const row = await trx
      .insertInto('community_memberships')
      .values({ ...values, updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, actor, {
      action: 'membership.create',
      entity: 'membership',
      entityId: row.id,
      details: values,
    });
    return { id: row.id };
  });
}

export async function updateMembership(
  db: Kysely<Database>,
  actor: AuditActor,
  id: string,
  input: MembershipValues,
) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('community_memberships')
      .select(['community_name', 'membership_type', 'payment_amount', 'status'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    const after = membershipRow(input);
    // Only what actually changed goes into the audit row: { field: [before, after] }.
    const changes = Object.fromEntries(
      (Object.keys(after) as (keyof typeof after)[])
        .filter((key) => before[key] !== after[key])
        .map((key) => [key, [before[key], after[key]]]),
    );
    if (Object.keys(changes).length === 0) return { id, changed: false };
    await trx
      .updateTable('community_memberships')
      .set({ ...after, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, actor, {
      action: 'membership.update',
      entity: 'membership',
      entityId: id,
      details: changes,
    });
    return { id, changed: true };
  });
}
