import type { Kysely, Transaction } from 'kysely';
import { type Config, loadConfig } from '~/platform/config/config.server';
import type { Database, DeliveryAddress, Order } from '~/platform/db/schema';
import { enqueueMail } from '~/platform/mail/outbox.server';
import { formatPence } from './catalogue';
import { countryName } from './countries';
import { escapeHtml, fill, serverLanguage, serverText } from './server-text.server';

type Db = Kysely<Database> | Transaction<Database>;
export type MailConfig = Pick<Config, 'PUBLIC_URL' | 'ORGANISER_EMAIL'>;

export const ORDER_CONFIRMATION_TEMPLATE = 'shop.order-confirmation';
export const ORDER_HISTORY_LINK_TEMPLATE = 'shop.order-history-link';
export const FLAGGED_PAYMENT_TEMPLATE = 'shop.payment-flagged';

const siteUrl = (config: MailConfig, path: string) => `${config.PUBLIC_URL.replace(/\/$/, '')}${path}`;

/** A plain, table-based layout that mail clients render alike; colours from the site theme. */
function layout(options: { language: string; title: string; body: string; footer: string }): string {
  return `<!doctype html>
<html lang="${options.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(options.title)}</title></head>
<body style="margin:0;padding:0;background:#fdf8f1;font-family:Arial,Helvetica,sans-serif;color:#1f1a17;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fdf8f1;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:16px;overflow:hidden;border:1px solid #f5ead9;">
<tr><td style="background:#c2410c;color:#ffffff;padding:18px 24px;font-size:18px;font-weight:bold;">${escapeHtml(serverText(options.language).checkout.merchant)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5;">
<h1 style="margin:0 0 16px;font-size:22px;">${escapeHtml(options.title)}</h1>
${options.body}
</td></tr>
<tr><td style="padding:16px 24px;background:#f5ead9;color:#5f5650;font-size:12px;line-height:1.5;">${options.footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

function button(href: string, label: string): string {
  return `<p style="margin:24px 0;"><a href="${escapeHtml(href)}" style="display:inline-block;background:#c2410c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:999px;">${escapeHtml(label)}</a></p>`;
}

function formatAddress(address: DeliveryAddress, language: string): string[] {
  return [
    address.street,
    `${address.postal_code} ${address.city}`,
    countryName(address.country, serverLanguage(language)),
  ];
}

/** The order's confirmation e-mail (SPEC send-order-confirmation): rendered, not yet queued. */
export function renderOrderConfirmation(
  order: Order,
  items: Array<{ product_name: string; quantity: number; product_price: number; total_price: number }>,
  config: MailConfig,
) {
  const text = serverText(order.language);
  const m = text.mail.confirmation;
  const paid = order.payment_status === 'paid';
  const vars = { number: order.order_number, name: order.customer_name };
  const subject = fill(paid ? m.subjectPaid : m.subjectPending, vars);
  const title = paid ? m.titlePaid : m.titlePending;
  const lead = fill(paid ? m.leadPaid : m.leadPending, vars);
  const orderUrl = siteUrl(config, `/order-success?order_id=${order.public_token}`);
  const address =
    order.delivery_method === 'delivery' && order.delivery_address ? order.delivery_address : null;
  const privacy = fill(text.mail.privacy, { email: config.ORGANISER_EMAIL });
  const deliveryCost = order.delivery_cost > 0 ? formatPence(order.delivery_cost) : m.free;

  const cell = 'padding:8px 6px;border-bottom:1px solid #f5ead9;';
  const rows = items
    .map(
      (item) => `<tr>
<td style="${cell}">${escapeHtml(item.product_name)}</td>
<td style="${cell}text-align:center;">${item.quantity}</td>
<td style="${cell}text-align:right;white-space:nowrap;">${formatPence(item.product_price)}</td>
<td style="${cell}text-align:right;white-space:nowrap;">${formatPence(item.total_price)}</td>
</tr>`,
    )
    .join('\n');
  const head = 'padding:8px 6px;border-bottom:2px solid #f5ead9;font-size:13px;color:#5f5650;';

  const body = `<p style="margin:0 0 8px;">${escapeHtml(fill(m.greeting, vars))}</p>
<p style="margin:0 0 20px;">${escapeHtml(lead)}</p>
<p style="margin:0 0 12px;"><strong>${escapeHtml(m.orderNumber)}:</strong> ${escapeHtml(order.order_number)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px;">
<tr><th align="left" style="${head}">${escapeHtml(m.product)}</th><th style="${head}text-align:center;">${escapeHtml(m.quantity)}</th><th style="${head}text-align:right;">${escapeHtml(m.unitPrice)}</th><th style="${head}text-align:right;">${escapeHtml(m.lineTotal)}</th></tr>
${rows}
<tr><td colspan="3" style="${cell}">${escapeHtml(m.delivery)}</td><td style="${cell}text-align:right;">${escapeHtml(deliveryCost)}</td></tr>
<tr><td colspan="3" style="padding:10px 6px;font-weight:bold;font-size:16px;">${escapeHtml(m.total)}</td><td style="padding:10px 6px;text-align:right;font-weight:bold;font-size:16px;white-space:nowrap;">${formatPence(order.total_amount)}</td></tr>
</table>
<h2 style="margin:24px 0 6px;font-size:16px;">${escapeHtml(m.methodTitle)}</h2>
<p style="margin:0;">${escapeHtml(address ? m.methodDelivery : m.methodPickup)}</p>
${
  address
    ? `<h2 style="margin:20px 0 6px;font-size:16px;">${escapeHtml(m.address)}</h2>
<p style="margin:0;">${formatAddress(address, order.language).map(escapeHtml).join('<br>')}</p>`
    : ''
}
${button(orderUrl, m.viewOrder)}
<p style="margin:0 0 4px;">${escapeHtml(m.questions)}</p>
<p style="margin:0;">${escapeHtml(m.signature)}</p>`;

  const textBody = [
    fill(m.greeting, vars),
    '',
    lead,
    '',
    `${m.orderNumber}: ${order.order_number}`,
    '',
    ...items.map(
      (item) =>
        `${item.product_name} × ${item.quantity} — ${formatPence(item.product_price)} = ${formatPence(item.total_price)}`,
    ),
    `${m.delivery}: ${deliveryCost}`,
    `${m.total}: ${formatPence(order.total_amount)}`,
    '',
    `${m.methodTitle}: ${address ? m.methodDelivery : m.methodPickup}`,
    ...(address ? ['', `${m.address}:`, ...formatAddress(address, order.language)] : []),
    '',
    `${m.viewOrder}: ${orderUrl}`,
    '',
    m.questions,
    m.signature,
    '',
    '—',
    privacy,
  ].join('\n');

  return {
    subject,
    html: layout({ language: serverLanguage(order.language), title, body, footer: escapeHtml(privacy) }),
    text: textBody,
  };
}

/**
 * Queues the order's confirmation e-mail in the customer's language. Pass the transaction
 * that changes the order, so the mail is stored together with that change. `config`
 * defaults to the process environment (for callers without the app's config at hand).
 */
export async function queueOrderConfirmationMail(
  db: Db,
  orderId: string,
  config: MailConfig = loadConfig(),
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
  const mail = renderOrderConfirmation(order, items, config);
  return enqueueMail(db, {
    template: ORDER_CONFIRMATION_TEMPLATE,
    to: order.customer_email,
    replyTo: config.ORGANISER_EMAIL,
    ...mail,
    related: { table: 'bbq_orders', id: order.id },
  });
}

/** 'E-mail me my orders': a signed link to the list of orders placed with this address. */
export async function queueOrderHistoryLinkMail(
  db: Db,
  options: { to: string; language: string; link: string; validHours: number },
  config: MailConfig,
): Promise<string> {
  const text = serverText(options.language);
  const m = text.mail.historyLink;
  const lead = fill(m.lead, { hours: options.validHours });
  const privacy = fill(text.mail.privacy, { email: config.ORGANISER_EMAIL });
  const body = `<p style="margin:0 0 8px;">${escapeHtml(lead)}</p>
${button(options.link, m.button)}
<p style="margin:0;color:#5f5650;">${escapeHtml(m.ignore)}</p>`;
  return enqueueMail(db, {
    template: ORDER_HISTORY_LINK_TEMPLATE,
    to: options.to,
    replyTo: config.ORGANISER_EMAIL,
    subject: m.subject,
    html: layout({
      language: serverLanguage(options.language),
      title: m.title,
      body,
      footer: escapeHtml(privacy),
    }),
    text: [lead, '', `${m.button}: ${options.link}`, '', m.ignore, '', '—', privacy].join('\n'),
  });
}

const FLAG_REASONS: Record<string, string> = {
  order_cancelled: 'užsakymas jau buvo atšauktas',
  order_expired: 'užsakymo galiojimas jau buvo pasibaigęs',
  amount_mismatch: 'gauta suma nesutampa su užsakymo suma',
};

/**
 * Tells the organisers (in Lithuanian, the team's language) that a payment needs a look:
 * it arrived for a cancelled or expired order, or for a different amount.
 */
export async function queueFlaggedPaymentNotice(
  db: Db,
  order: Order,
  reason: keyof typeof FLAG_REASONS,
  paid: { amount: number | null; currency: string | null },
  config: MailConfig,
): Promise<string> {
  const subject = `Dėmesio: mokėjimas už užsakymą ${order.order_number}`;
  const amount =
    paid.amount === null
      ? formatPence(order.total_amount)
      : `${(paid.amount / 100).toFixed(2)} ${(paid.currency ?? order.currency).toUpperCase()}`;
  const lines = [
    `Gautas mokėjimas už užsakymą ${order.order_number}, bet ${FLAG_REASONS[reason]}.`,
    `Klientas: ${order.customer_name} <${order.customer_email}>`,
    `Užsakymo suma: ${formatPence(order.total_amount)}; gauta: ${amount}.`,
    'Mokėjimas įrašytas, užsakymas pažymėtas administravimo skydelyje. Nuspręskite, ar užsakymą vykdyti, ar grąžinti pinigus.',
  ];
  return enqueueMail(db, {
    template: FLAGGED_PAYMENT_TEMPLATE,
    to: config.ORGANISER_EMAIL,
    subject,
    html: layout({
      language: 'lt',
      title: subject,
      body: lines.map((line) => `<p style="margin:0 0 10px;">${escapeHtml(line)}</p>`).join('\n'),
      footer: escapeHtml(siteUrl(config, '/admin')),
    }),
    text: [...lines, '', siteUrl(config, '/admin')].join('\n'),
    related: { table: 'bbq_orders', id: order.id },
  });
}
