import type { Kysely, Transaction } from 'kysely';
import type { Config } from '~/platform/config/config.server';
import type { Database } from '~/platform/db/schema';
import type { DeliveryAddress, Order } from './tables';
import { countryName } from '~/platform/i18n/format';
import { serverT, toLanguage } from '~/platform/i18n/server-i18n.server';
import type { KeysUnder } from '~/platform/i18n/keys';
import { renderMail } from '~/platform/mail/layout.server';
import { enqueueMail } from '~/platform/mail/outbox.server';
import { PATHS } from '~/platform/paths';
import { formatMoney } from '~/platform/i18n/format';

type Db = Kysely<Database> | Transaction<Database>;
export type MailConfig = Pick<Config, 'PUBLIC_URL' | 'ORGANISER_EMAIL'>;

const ORDER_CONFIRMATION_TEMPLATE = 'shop.order-confirmation';
export const ORDER_HISTORY_LINK_TEMPLATE = 'shop.order-history-link';
const FLAGGED_PAYMENT_TEMPLATE = 'shop.payment-flagged';

/** The organisers read their notices in Lithuanian. */
const ORGANISER_LANGUAGE = 'lt';

const siteUrl = (config: MailConfig, path: string) => `${config.PUBLIC_URL.replace(/\/$/, '')}${path}`;

function addressLines(address: DeliveryAddress, language: string): string[] {
  return [address.street, `${address.postal_code} ${address.city}`, countryName(address.country, language)];
}

type OrderLine = { product_name: string; quantity: number; product_price: number; total_price: number };

/** The order's confirmation e-mail (SPEC send-order-confirmation): rendered, not yet queued. */
function renderOrderConfirmation(order: Order, items: OrderLine[], config: MailConfig) {
  const language = toLanguage(order.language);
  const t = serverT(language);
  const m = (key: KeysUnder<'shop-server:mail.confirmation.'>, options?: Record<string, unknown>) =>
    t(`shop-server:mail.confirmation.${key}`, options);
  const paid = order.payment_status === 'paid';
  const test = order.payment_provider === 'test';
  const vars = { number: order.order_number, name: order.customer_name };
  const subject = m(paid ? 'subjectPaid' : 'subjectPending', vars);
  const address =
    order.delivery_method === 'delivery' && order.delivery_address ? order.delivery_address : null;
  return renderMail(
    {
      language,
      // A TEST MODE order says so in the subject and first: no money was taken.
      subject: test ? m('testSubject', { subject }) : subject,
      heading: m(paid ? 'titlePaid' : 'titlePending'),
      paragraphs: [
        ...(test ? [m('testNotice')] : []),
        m('greeting', vars),
        m(paid ? 'leadPaid' : 'leadPending', vars),
      ],
      table: {
        head: [m('product'), m('quantity'), m('unitPrice'), m('lineTotal')],
        rows: items.map((item) => [
          item.product_name,
          String(item.quantity),
          formatMoney(item.product_price, language),
          formatMoney(item.total_price, language),
        ]),
        totals: [
          {
            label: m('delivery'),
            value: order.delivery_cost > 0 ? formatMoney(order.delivery_cost, language) : m('free'),
          },
          { label: m('total'), value: formatMoney(order.total_amount, language) },
        ],
      },
      details: {
        title: m('orderNumber'),
        rows: [
          { label: m('orderNumber'), value: order.order_number },
          { label: m('methodTitle'), value: m(address ? 'methodDelivery' : 'methodPickup') },
          ...(address ? [{ label: m('address'), value: addressLines(address, language).join('\n') }] : []),
        ],
      },
      action: {
        label: m('viewOrder'),
        href: siteUrl(config, `${PATHS.orderSuccess}?order_id=${order.public_token}`),
      },
      closing: [m('questions'), m('signature')],
    },
    config.PUBLIC_URL,
  );
}

/**
 * Queues the order's confirmation e-mail in the customer's language. Pass the transaction
 * that changes the order, so the mail is stored together with that change.
 */
export async function queueOrderConfirmationMail(
  db: Db,
  orderId: string,
  config: MailConfig,
): Promise<string> {
  const order = await db
    .selectFrom('bbq_orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom('bbq_order_items')
    .select(['product_name', 'quantity', 'product_price', 'total_price'])
    .where('order_id', '=', orderId)
    .orderBy('product_name')
    .execute();
  return enqueueMail(db, {
    template: ORDER_CONFIRMATION_TEMPLATE,
    to: order.customer_email,
    replyTo: config.ORGANISER_EMAIL,
    ...renderOrderConfirmation(order, items, config),
    related: { table: 'bbq_orders', id: order.id },
  });
}

/** 'E-mail me my orders': a signed link to the list of orders placed with this address. */
export async function queueOrderHistoryLinkMail(
  db: Db,
  options: { to: string; language: string; link: string; validHours: number },
  config: MailConfig,
): Promise<string> {
  const language = toLanguage(options.language);
  const t = serverT(language);
  const m = (key: KeysUnder<'shop-server:mail.historyLink.'>, vars?: Record<string, unknown>) =>
    t(`shop-server:mail.historyLink.${key}`, vars);
  return enqueueMail(db, {
    template: ORDER_HISTORY_LINK_TEMPLATE,
    to: options.to,
    replyTo: config.ORGANISER_EMAIL,
    ...renderMail(
      {
        language,
        subject: m('subject'),
        heading: m('title'),
        paragraphs: [m('lead', { hours: options.validHours })],
        action: { label: m('button'), href: options.link },
        closing: [m('ignore')],
      },
      config.PUBLIC_URL,
    ),
  });
}

export type FlagReason = 'order_cancelled' | 'order_expired' | 'amount_mismatch';

/**
 * Tells the organisers that a payment needs a look: it arrived for a cancelled or expired
 * order, or for a different amount.
 */
export async function queueFlaggedPaymentNotice(
  db: Db,
  order: Order,
  reason: FlagReason,
  paid: { amount: number | null; currency: string | null },
  config: MailConfig,
): Promise<string> {
  const t = serverT(ORGANISER_LANGUAGE);
  const m = (key: KeysUnder<'shop-server:mail.flagged.'>, vars?: Record<string, unknown>) =>
    t(`shop-server:mail.flagged.${key}`, vars);
  const received =
    paid.amount === null
      ? formatMoney(order.total_amount, ORGANISER_LANGUAGE)
      : paid.currency && paid.currency.toUpperCase() !== 'GBP' && paid.currency.toUpperCase() !== 'EUR'
        ? `${(paid.amount / 100).toFixed(2)} ${paid.currency.toUpperCase()}`
        : formatMoney(
            paid.amount,
            ORGANISER_LANGUAGE,
            (paid.currency ?? 'GBP').toUpperCase() as 'GBP' | 'EUR',
          );
  return enqueueMail(db, {
    template: FLAGGED_PAYMENT_TEMPLATE,
    to: config.ORGANISER_EMAIL,
    ...renderMail(
      {
        language: ORGANISER_LANGUAGE,
        subject: m('subject', { number: order.order_number }),
        heading: m('subject', { number: order.order_number }),
        paragraphs: [
          m('intro', { number: order.order_number, reason: m(`reasons.${reason}`) }),
          m('customer', { name: order.customer_name, email: order.customer_email }),
          m('amounts', { total: formatMoney(order.total_amount, ORGANISER_LANGUAGE), paid: received }),
          m('advice'),
        ],
        action: { label: m('open'), href: siteUrl(config, PATHS.admin) },
      },
      config.PUBLIC_URL,
    ),
    related: { table: 'bbq_orders', id: order.id },
  });
}
