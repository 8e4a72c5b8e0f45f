import { itemsOfOrders } from './order-items.server';
import {
  ERASED_EMAIL,
  eraseRecords,
  scrubAfterErasure,
  type PersonalDataSource,
} from '~/platform/privacy/personal-data.server';
import { writeAudit } from '~/platform/auth/audit.server';
import type { OrderStatus } from './tables';
import type { ServerFeature } from '~/platform/feature.server';
import type { AppContext } from '~/platform/http/app-context.server';
import { shopAdmin } from './admin.server';
import { productsFollower } from './seed.server';
import { testCheckoutPages } from './test-checkout.server';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { registerPagePost } from '~/platform/forms/page-post.server';
import { registerPrivateLinkPage } from '~/platform/render/private-link-page.server';
import { contentOf } from '~/platform/content/content-type';
import { orderPagePath } from '~/platform/paths';
import { productsContent } from './products';
import { sql } from 'kysely';
import { loadAppSecret } from '~/platform/auth/app-secret.server';
import { HttpError, parseInput } from '~/platform/http/errors.server';
import { PATHS } from '~/platform/paths';
import { SHOP_ENDPOINTS } from './api';
import { GroupCommit } from '~/platform/db/group-commit.server';
import type { NewOrder, NewOrderItem, Order } from './tables';
import { confirmPayment, OrderBusyError } from './fulfil.server';
import { paymentProviderFor } from './payments/provider.server';
import { stripeWebhookRoutes } from './stripe-webhook.server';
import { productPagePath } from './money';
import { afterAnswer } from '~/platform/http/after-answer.server';
import { HISTORY_LINK_VALID_HOURS, signHistoryToken, verifyHistoryToken } from './history-link.server';
import { ORDER_HISTORY_LINK_TEMPLATE, queueOrderHistoryLinkMail } from './order-mail.server';
import type { CreateOrderResponse, OrderHistoryResponse, OrderPageData, OrderView } from './order-view';
import {
  historyLinkRequestSchema,
  ORDER_TOKEN_PATTERN,
  orderLookupSchema,
  orderRequestSchema,
  type OrderRequest,
} from './schema';

/** Per client IP. Generous for people, tight for scripts; behind a proxy set TRUST_PROXY. */
const LIMITS = {
  createOrder: { max: 15, timeWindow: '1 minute' },
  readOrder: { max: 120, timeWindow: '1 minute' },
  lookup: { max: 30, timeWindow: '1 minute' },
  historyLink: { max: 5, timeWindow: '15 minutes' },
  history: { max: 30, timeWindow: '1 minute' },
  erase: { max: 10, timeWindow: '1 minute' },
} as const;

/** Orders whose customer may remove their personal details: nothing more will be sent or delivered. */
const FINISHED: readonly OrderStatus[] = ['delivered', 'cancelled', 'expired'];

/**
 * An order is an accounting record (kept 6 years): erasure keeps its number, items, amounts,
 * dates and statuses, and removes who bought it and where it went.
 */
const ORDER_PERSONAL_DATA: PersonalDataSource = {
  table: 'bbq_orders',
  auditEntity: 'order',
  emailColumn: 'customer_email',
  // The order's lines: what was bought and for how much, kept with the anonymised order.
  related: [{ table: 'bbq_order_items', column: 'order_id' }],
  erase: {
    kind: 'anonymise',
    set: { customer_name: '', customer_phone: null, delivery_address: null, notes: null },
  },
  retention: { period: (r) => ({ years: r.ordersYears }), from: 'created_at' },
};

/** How often one order may be checked with the payment provider while its page polls. */
const PROVIDER_CHECK_INTERVAL_MS = 3_000;
/** At most one history-link e-mail per address in this window (no mail bombing). */
const HISTORY_LINK_MAIL_INTERVAL_MS = 5 * 60_000;

function formatOrderNumber(sequence: number, date: Date): string {
  return `BBQ-${date.getUTCFullYear()}-${String(sequence).padStart(6, '0')}`;
}

/**
 * The shop's public API under /api: create an order, read it by its public token, the
 * orders of this browser, 'e-mail me my orders', and the Stripe webhook. No route here can
 * mark an order paid on the browser's word: only fulfilOrder does, on the provider's.
 */
async function shopRoutes(app: FastifyInstance) {
  const { config, database } = app.ctx;
  const db = database.db;
  const provider = paymentProviderFor(config);
  if (provider.name === 'test') {
    app.log.warn('Stripe is not configured: orders are paid on the built-in TEST MODE checkout page.');
  }

  await app.register(stripeWebhookRoutes);

  async function loadViews(orders: Order[]): Promise<OrderView[]> {
    if (orders.length === 0) return [];
    const items = await itemsOfOrders(
      db,
      orders.map((order) => order.id),
    );
    return orders.map((order) => ({
      token: order.public_token,
      order_number: order.order_number,
      created_at: order.created_at.toISOString(),
      order_status: order.order_status,
      payment_status: order.payment_status,
      checkout_cancelled: order.checkout_cancelled_at !== null && order.payment_status !== 'paid',
      test_payment: order.payment_provider === 'test',
      customer_name: order.customer_name,
      customer_email: order.customer_email,
      personal_erased: order.customer_email === ERASED_EMAIL,
      erasable: order.customer_email !== ERASED_EMAIL && FINISHED.includes(order.order_status),
      delivery_method: order.delivery_method,
      delivery_address: order.delivery_address,
      delivery_cost: order.delivery_cost,
      total_amount: order.total_amount,
      currency: order.currency,
      items: items.get(order.id) ?? [],
    }));
  }

  // New orders and their items, many per statement when they arrive together: one atomic
  // statement (a data-modifying WITH) and one WAL flush per batch (group commit).
  const orderWriter = new GroupCommit<{ order: NewOrder; item: NewOrderItem }>(async (batch) => {
    await db
      .with('new_orders', (qb) =>
        qb
          .insertInto('bbq_orders')
          .values(batch.map((entry) => entry.order))
          .returning('id'),
      )
      .insertInto('bbq_order_items')
      .values(batch.map((entry) => entry.item))
      .execute();
  });

  const findByToken = (token: string) =>
    db.selectFrom('bbq_orders').selectAll().where('public_token', '=', token).executeTakeFirst();

  /** Prices the order from the products table, opens the provider's checkout, stores the order. */
  async function placeOrder(input: OrderRequest, log: FastifyBaseLogger): Promise<CreateOrderResponse> {
    // The product and the next order number in one round trip (nextval runs only when the
    // product exists): the order path is the shop's hot path, see bench/orders.ts.
    const product = await db
      .selectFrom('products')
      .selectAll()
      .select(sql<number>`nextval('bbq_order_number_seq')`.as('sequence'))
      .where('id', '=', input.product_id)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!product) throw new HttpError(404, 'product_not_found');

    // Every amount comes from the products table, in integer pence.
    const unitPrice = product.price_pence;
    const lineTotal = unitPrice * input.quantity;
    const deliveryCost = 0;
    const productName = input.language === 'en' ? product.name_en : product.name_lt;

    const orderId = randomUUID();
    const token = randomBytes(32).toString('base64url');
    const orderNumber = formatOrderNumber(Number(product.sequence), new Date());

    // Ask the provider first: if it is unreachable nothing is stored and the visitor retries.
    let checkout;
    try {
      checkout = await provider.createCheckout({
        orderId,
        orderNumber,
        token,
        customerEmail: input.customer_email,
        language: input.language,
        currency: 'GBP',
        items: [{ name: productName, quantity: input.quantity, unitAmount: unitPrice }],
        cancelPath: productPagePath(product.category),
      });
    } catch (error) {
      log.error({ err: error, orderNumber }, 'payment provider refused to open a checkout');
      throw new HttpError(502, 'payment_unavailable');
    }

    await orderWriter.submit({
      order: {
        id: orderId,
        order_number: orderNumber,
        public_token: token,
        customer_name: input.customer_name,
        customer_email: input.customer_email,
        customer_phone: input.customer_phone,
        delivery_method: input.delivery_method,
        delivery_address: input.delivery_address ? JSON.stringify(input.delivery_address) : null,
        delivery_cost: deliveryCost,
        notes: input.notes,
        total_amount: lineTotal + deliveryCost,
        language: input.language,
        payment_provider: provider.name,
        payment_session_id: checkout.sessionId,
        checkout_started_at: new Date(),
        updated_at: new Date(),
      },
      item: {
        order_id: orderId,
        product_id: product.id,
        product_name: productName,
        quantity: input.quantity,
        product_price: unitPrice,
        total_price: lineTotal,
      },
    });

    return { url: checkout.url, order_number: orderNumber, token };
  }

  // One budget for orders, sent as JSON by the dialog or posted by the order page.
  const orderLimit = { ...LIMITS.createOrder, groupId: 'orders' };
  app.post(SHOP_ENDPOINTS.createOrder.path, { config: { rateLimit: orderLimit } }, async (request, reply) => {
    const body = await placeOrder(parseInput(orderRequestSchema, request.body), request.log);
    return reply.code(201).send(body);
  });

  // The order form's route action (the order page without scripts, the order dialog with
  // them): on to the payment page; the dialog also gets the token for this browser's list.
  await registerPagePost(app, {
    path: PATHS.order,
    withScripts: true,
    rateLimit: orderLimit,
    bodyLimit: 16 * 1024,
    store: async (input, request) => {
      const { url, token, order_number } = await placeOrder(input as OrderRequest, request.log);
      return { next: url, receipt: { token, order_number } };
    },
  });

  const lastProviderCheck = new Map<string, number>();
  function providerCheckDue(orderId: string): boolean {
    const now = Date.now();
    if (now - (lastProviderCheck.get(orderId) ?? 0) < PROVIDER_CHECK_INTERVAL_MS) return false;
    if (lastProviderCheck.size > 10_000) lastProviderCheck.clear();
    lastProviderCheck.set(orderId, now);
    return true;
  }

  /**
   * The return race: the customer is back from Stripe before its webhook. Our server (never
   * the browser's word) asks Stripe about the session and, if paid, fulfils the order.
   */
  async function checkWithProvider(order: Order): Promise<boolean> {
    if (
      provider.name !== 'stripe' ||
      order.payment_provider !== 'stripe' ||
      !order.payment_session_id ||
      order.payment_status === 'paid' ||
      order.order_status !== 'pending' ||
      !providerCheckDue(order.id)
    ) {
      return false;
    }
    try {
      const session = await provider.retrieveSession(order.payment_session_id);
      if (!session?.paid || (session.orderId !== null && session.orderId !== order.id)) return false;
      const result = await confirmPayment(app.ctx, {
        orderId: order.id,
        provider: 'stripe',
        source: 'return',
        sessionId: order.payment_session_id,
        amountPaid: session.amountTotal,
        currency: session.currency,
      });
      return result === 'paid' || result === 'flagged';
    } catch (error) {
      // The page keeps polling; the webhook will settle it. Never an error for the visitor.
      if (!(error instanceof OrderBusyError)) {
        app.log.warn({ err: error, orderId: order.id }, 'could not check the checkout session with Stripe');
      }
      return false;
    }
  }

  app.get<{ Params: { token: string } }>(
    SHOP_ENDPOINTS.order.path,
    { config: { rateLimit: LIMITS.readOrder } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { token } = request.params;
      if (!ORDER_TOKEN_PATTERN.test(token)) throw new HttpError(404, 'order_not_found');
      let order = await findByToken(token);
      if (!order) throw new HttpError(404, 'order_not_found');
      if (await checkWithProvider(order)) order = (await findByToken(token))!;
      const [view] = await loadViews([order]);
      return view;
    },
  );

  // /order-success?order_id=<token> drawn by the server (issue 34): the order as the API
  // above answers it, in the page's HTML; a token that opens nothing is the page's 404.
  await registerPrivateLinkPage(app, {
    path: PATHS.orderSuccess,
    rateLimit: LIMITS.readOrder,
    read: async (token, _language, request) => {
      const notFound = { result: { kind: 'not_found' } satisfies OrderPageData, status: 404 };
      if (!ORDER_TOKEN_PATTERN.test(token)) return notFound;
      try {
        let order = await findByToken(token);
        if (!order) return notFound;
        if (await checkWithProvider(order)) order = (await findByToken(token))!;
        const [view] = await loadViews([order]);
        return { result: { kind: 'order', order: view! } satisfies OrderPageData, status: 200 };
      } catch (error) {
        // The database away: the page says so and offers to try again (no token in the log).
        request.log.error({ err: error }, 'order page: the order could not be read');
        return { result: { kind: 'error' } satisfies OrderPageData, status: 503 };
      }
    },
  });

  app.post<{ Params: { token: string } }>(
    SHOP_ENDPOINTS.erase.path,
    { config: { rateLimit: LIMITS.erase } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { token } = request.params;
      if (!ORDER_TOKEN_PATTERN.test(token)) throw new HttpError(404, 'order_not_found');
      const erased = await db.transaction().execute(async (trx) => {
        const order = await trx
          .selectFrom('bbq_orders')
          .selectAll()
          .where('public_token', '=', token)
          .forUpdate()
          .executeTakeFirst();
        if (!order) throw new HttpError(404, 'order_not_found');
        if (order.customer_email === ERASED_EMAIL) return order;
        if (!FINISHED.includes(order.order_status))
          throw new HttpError(409, 'order_in_progress', { message: 'shop:order.erase.inProgress' });
        await eraseRecords(trx, ORDER_PERSONAL_DATA, [order.id]);
        await writeAudit(
          trx,
          { id: null, label: 'self-service' },
          {
            action: 'privacy.self_service.erased',
            entity: 'order',
            entityId: order.id,
          },
        );
        return await trx
          .selectFrom('bbq_orders')
          .selectAll()
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow();
      });
      // The bytes leave the database's files by the deferred scrub (decision 0032, addendum).
      await scrubAfterErasure(app.ctx.database);
      const [view] = await loadViews([erased]);
      return view;
    },
  );

  app.post(SHOP_ENDPOINTS.lookup.path, { config: { rateLimit: LIMITS.lookup } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { tokens } = parseInput(orderLookupSchema, request.body);
    const orders =
      tokens.length === 0
        ? []
        : await db
            .selectFrom('bbq_orders')
            .selectAll()
            .where('public_token', 'in', tokens)
            .orderBy('created_at', 'desc')
            .execute();
    return { orders: await loadViews(orders) };
  });

  const sendHistoryLink = (email: string, language: string) => sendOrderHistoryLink(app.ctx, email, language);

  const later = afterAnswer(app);

  app.post(
    SHOP_ENDPOINTS.historyLink.path,
    { config: { rateLimit: LIMITS.historyLink } },
    async (request, reply) => {
      const { email, language } = parseInput(historyLinkRequestSchema, request.body);
      // Issue 28, finding 14c: the answer goes out before the lookup, so an address with
      // orders takes as long as one without (the same answer, too: nothing leaks). The
      // lookup and the e-mail run once the response has been written; failures are logged.
      later(reply, request.log, 'order history link not sent', () => sendHistoryLink(email, language));
      return { ok: true };
    },
  );

  app.get<{ Querystring: { link?: unknown } }>(
    SHOP_ENDPOINTS.history.path,
    { config: { rateLimit: LIMITS.history } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const link = request.query.link;
      const secret = await loadAppSecret(db, config.APP_SECRET);
      const verified =
        typeof link === 'string'
          ? verifyHistoryToken(link, secret)
          : ({ ok: false, reason: 'invalid' } as const);
      // A wrong or missing link is 404 like every order address; a genuine but expired one
      // (the signature checked out) says so, so the page can offer a new link.
      if (!verified.ok) {
        throw verified.reason === 'expired'
          ? new HttpError(410, 'link_expired')
          : new HttpError(404, 'link_invalid');
      }
      const orders = await db
        .selectFrom('bbq_orders')
        .selectAll()
        .where(sql<string>`lower(customer_email)`, '=', verified.email)
        .orderBy('created_at', 'desc')
        .limit(100)
        .execute();
      const body: OrderHistoryResponse = {
        email: verified.email,
        expires_at: verified.expiresAt.toISOString(),
        orders: await loadViews(orders),
      };
      return body;
    },
  );
}

/**
 * Queues the order-history link for an address with orders (at most one per interval);
 * nothing otherwise. Asked for on the order-history page and with "send me my links".
 */
async function sendOrderHistoryLink(ctx: AppContext, email: string, language: string) {
  const { config, mailWorker } = ctx;
  const db = ctx.database.db;
  const address = email.toLowerCase();
  const hasOrders = await db
    .selectFrom('bbq_orders')
    .select('id')
    .where(sql<string>`lower(customer_email)`, '=', address)
    .limit(1)
    .executeTakeFirst();
  if (!hasOrders) return;
  const recentlySent = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('template', '=', ORDER_HISTORY_LINK_TEMPLATE)
    .where(sql<string>`lower(to_address)`, '=', address)
    .where('created_at', '>', new Date(Date.now() - HISTORY_LINK_MAIL_INTERVAL_MS))
    .limit(1)
    .executeTakeFirst();
  if (recentlySent) return;
  const secret = await loadAppSecret(db, config.APP_SECRET);
  const link = `${config.PUBLIC_URL.replace(/\/$/, '')}${PATHS.orderHistory}?link=${signHistoryToken(address, secret)}`;
  await queueOrderHistoryLinkMail(
    db,
    { to: email, language, link, validHours: HISTORY_LINK_VALID_HOURS },
    config,
  );
  mailWorker.wake();
}

export const shopFeature: ServerFeature = {
  name: 'shop',
  routes: async (app) => {
    await app.register(shopRoutes);
    await app.register(testCheckoutPages); // /pay/test/<session>: the built-in provider's checkout page
  },
  // An order page for every product on sale (where Buy leads without scripts).
  pages: (content) =>
    contentOf(content, productsContent)
      .products.filter((product) => product.onSale)
      .map((product) => orderPagePath(product.id)),
  admin: shopAdmin,
  follows: [productsFollower],
  sendLinks: sendOrderHistoryLink,
  personalData: [ORDER_PERSONAL_DATA],
};
