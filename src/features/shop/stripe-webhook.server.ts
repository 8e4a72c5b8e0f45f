import { SHOP_ENDPOINTS } from './api';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { paymentProviderFor } from './payments/provider.server';
import {
  fulfilOrder,
  inPaymentTransaction,
  isUuid,
  markCheckoutExpired,
  markPaymentFailed,
  OrderBusyError,
  type FulfilResult,
} from './fulfil.server';
import { type StripeProvider, isSessionPaid, sessionOrderId } from './payments/stripe.server';

type Outcome = FulfilResult | 'failed' | 'expired' | 'awaiting_payment' | 'ignored' | 'duplicate';

/**
 * POST /api/payments/stripe/webhook. The signature is verified on the raw body before
 * anything else; the event id is recorded in payment_events in the same transaction that
 * processes it, and we answer 2xx only after that transaction committed. A replayed event
 * finds its id recorded and changes nothing. A busy order row answers 503: Stripe retries.
 */
export async function stripeWebhookRoutes(app: FastifyInstance) {
  const provider = paymentProviderFor(app.ctx.config);

  // This plugin's own scope: keep the body as bytes, exactly as signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => {
    done(null, body);
  });

  // Stripe sends a few events per order; a flood from one address is not Stripe.
  const rateLimit = { max: 300, timeWindow: '1 minute' };
  app.post(SHOP_ENDPOINTS.stripeWebhook.path, { config: { rateLimit } }, async (request, reply) => {
    if (provider.name !== 'stripe') return reply.code(404).send({ error: 'not_found' });
    const { stripe, webhookSecret } = provider as StripeProvider;
    const signature = request.headers['stripe-signature'];
    if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
      return reply.code(400).send({ error: 'invalid_signature' });
    }
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
    } catch {
      request.log.warn('stripe webhook with a bad signature refused');
      return reply.code(400).send({ error: 'invalid_signature' });
    }

    const { config, database, mailWorker } = app.ctx;
    let outcome: Outcome;
    try {
      outcome = await inPaymentTransaction(database.db, async (trx): Promise<Outcome> => {
        const recorded = await trx
          .insertInto('payment_events')
          .values({ event_id: event.id, provider: 'stripe', type: event.type })
          .onConflict((oc) => oc.column('event_id').doNothing())
          .returning('event_id')
          .executeTakeFirst();
        if (!recorded) return 'duplicate';

        if (!event.type.startsWith('checkout.session.')) return 'ignored';
        const session = event.data.object as Stripe.Checkout.Session;
        const orderId = sessionOrderId(session);
        const known =
          isUuid(orderId) &&
          (await trx.selectFrom('bbq_orders').select('id').where('id', '=', orderId).executeTakeFirst());
        if (!known) {
          request.log.warn({ eventId: event.id, orderId }, 'stripe event for an unknown order ignored');
          return 'ignored';
        }
        await trx
          .updateTable('payment_events')
          .set({ order_id: orderId })
          .where('event_id', '=', event.id)
          .execute();
        const details = { event_id: event.id, session_id: session.id };

        switch (event.type) {
          case 'checkout.session.completed':
          case 'checkout.session.async_payment_succeeded':
            // 'completed' with an unpaid session is a delayed method still on its way.
            if (!isSessionPaid(session)) return 'awaiting_payment';
            return fulfilOrder(
              trx,
              {
                orderId,
                provider: 'stripe',
                source: 'webhook',
                sessionId: session.id,
                eventId: event.id,
                amountPaid: session.amount_total ?? null,
                currency: session.currency ?? null,
              },
              config,
            );
          case 'checkout.session.async_payment_failed':
            return (await markPaymentFailed(trx, orderId, 'stripe', details)) ? 'failed' : 'ignored';
          case 'checkout.session.expired':
            return (await markCheckoutExpired(trx, orderId, 'stripe', details)) ? 'expired' : 'ignored';
          default:
            return 'ignored';
        }
      });
    } catch (error) {
      if (error instanceof OrderBusyError) {
        request.log.warn({ eventId: event.id }, 'order row busy: asking Stripe to retry');
        return reply.code(503).header('retry-after', '5').send({ error: 'busy' });
      }
      throw error;
    }

    if (outcome === 'paid' || outcome === 'flagged') mailWorker.wake();
    request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe event processed');
    return reply.send({ received: true, outcome });
  });
}
