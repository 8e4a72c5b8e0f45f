import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatMoney } from '~/platform/i18n/format';
import { escapeHtml } from '~/platform/http/escape-html';
import { serverT, toLanguage } from '~/platform/i18n/server-i18n.server';
import type { KeysUnder } from '~/platform/i18n/keys';
import { loadAppSecret } from '~/platform/auth/app-secret.server';
import { writeAudit } from '~/platform/auth/audit.server';
import type { Order } from './tables';
import { fulfilOrder, inPaymentTransaction, lockOrder, OrderBusyError } from './fulfil.server';
import { paymentProviderFor } from './payments/provider.server';
import { TEST_SESSION_PATTERN } from './payments/test-provider.server';
import { PATHS } from '~/platform/paths';

/**
 * The TEST MODE checkout page of the embedded provider, /pay/test/<session>: a small
 * server-rendered page (no scripts at all) standing in for the provider's hosted page.
 * 'Pay' runs the same fulfilment as a Stripe webhook; 'Cancel' leaves the order pending
 * and notes that the customer cancelled. See docs/decisions/0003-test-checkout-page.md.
 */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f1a17;background:#fdf8f1;line-height:1.5}
.banner{background:#fdb913;color:#1f1a17;text-align:center;padding:.6rem 1rem;font-size:.95rem;border-bottom:2px solid #1f1a17}
.banner strong{letter-spacing:.08em;background:#1f1a17;color:#fdb913;padding:.1rem .5rem;border-radius:4px;margin-right:.5rem}
.wrap{max-width:960px;margin:0 auto;padding:1.5rem 1rem 3rem;display:grid;gap:1.5rem}
@media (min-width:800px){.wrap{grid-template-columns:1fr 1fr;gap:3rem;padding-top:3.5rem}}
.merchant{margin:0;font-weight:700;color:#a3360a;display:flex;align-items:center;gap:.5rem}
.merchant img{width:2rem;height:2rem;border-radius:.5rem}
.label{margin:1.25rem 0 0;color:#5f5650}
.amount{margin:.1rem 0 1.25rem;font-size:2.5rem;font-weight:800;letter-spacing:-.02em}
.card{background:#fff;border:1px solid rgba(0,0,0,.06);border-radius:1rem;padding:1.25rem;box-shadow:0 1px 2px rgba(0,0,0,.05)}
.items{list-style:none;margin:0;padding:0}
.items li{display:flex;justify-content:space-between;gap:1rem;padding:.75rem 0;border-bottom:1px solid #f5ead9}
.items small{display:block;color:#5f5650}
dl{margin:0}
dl div{display:flex;justify-content:space-between;padding:.6rem 0}
dt,dd{margin:0}
.grand{border-top:2px solid #f5ead9;font-weight:800;font-size:1.1rem}
h1{margin:0 0 1rem;font-size:1.6rem;line-height:1.2}
.notice{border:2px dashed #fdb913;background:#fff8e1;border-radius:.75rem;padding:.9rem 1rem;margin:0 0 1.25rem}
.notice strong{display:block;letter-spacing:.06em}
.notice p{margin:.25rem 0 0;color:#5f5650}
.hint{color:#5f5650;margin:0 0 1.25rem}
form{display:grid;gap:.75rem}
.btn{display:block;width:100%;border:0;border-radius:999px;padding:.9rem 1.25rem;font:inherit;font-weight:700;font-size:1.05rem;text-align:center;text-decoration:none;cursor:pointer}
.primary{background:#c2410c;color:#fff}
.primary:hover{background:#a3360a}
.secondary{background:transparent;color:#a3360a;border:2px solid #c2410c}
.secondary:hover{background:#fff4ed}
:focus-visible{outline:3px solid #c2410c;outline-offset:2px}
.status{font-size:1.05rem}
.flush{margin:0;font-size:1rem;font-weight:600}
.narrow{max-width:560px}
@media (min-width:800px){.wrap.narrow{grid-template-columns:1fr}}
.spaced{margin-top:1rem}
`;
const STYLE_HASH = `sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}`;
const PAGE_CSP = [
  "default-src 'none'",
  `style-src '${STYLE_HASH}'`,
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** The texts of this page (the `shop-server` pack), in `language`. */
function checkoutText(language: string) {
  const t = serverT(language);
  return (key: KeysUnder<'shop-server:checkout.'>, vars?: Record<string, unknown>) =>
    t(`shop-server:checkout.${key}`, vars);
}

type PageState = 'open' | 'paid' | 'cancelled' | 'closed';

interface CheckoutItem {
  product_name: string;
  quantity: number;
  total_price: number;
}

function page(language: string, main: string): string {
  const c = checkoutText(language);
  return `<!doctype html>
<html lang="${toLanguage(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(`${c('testMode')} · ${c('pageTitle')} – ${c('merchant')}`)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<header class="banner"><strong>${escapeHtml(c('testMode'))}</strong>${escapeHtml(c('testModeBanner'))}</header>
${main}
</body>
</html>`;
}

/** The order's page, in the order's language (decision 0049: the address names it). */
const orderPageOf = (order: Order) =>
  `${PATHS.orderSuccess}?order_id=${order.public_token}&lang=${toLanguage(order.language)}`;

function checkoutPage(options: {
  order: Order;
  items: CheckoutItem[];
  state: PageState;
  csrf: string;
  action: string;
}): string {
  const { order, items, state } = options;
  const c = checkoutText(order.language);
  const total = formatMoney(order.total_amount, order.language);
  const orderUrl = orderPageOf(order);
  const summary = `<section aria-labelledby="summary-title">
<p class="merchant"><img src="/favicon.svg" alt="" width="32" height="32">${escapeHtml(c('merchant'))}</p>
<p class="label">${escapeHtml(c('orderNumber', { number: order.order_number }))}</p>
<p class="amount">${total}</p>
<div class="card">
<h2 id="summary-title" class="label flush">${escapeHtml(c('summary'))}</h2>
<ul class="items">
${items
  .map(
    (item) =>
      `<li><span>${escapeHtml(item.product_name)}<small>${escapeHtml(c('quantity', { quantity: item.quantity }))}</small></span><span>${formatMoney(item.total_price, order.language)}</span></li>`,
  )
  .join('\n')}
</ul>
<dl>
<div><dt>${escapeHtml(c('delivery'))}</dt><dd>${order.delivery_cost > 0 ? formatMoney(order.delivery_cost, order.language) : escapeHtml(c('free'))}</dd></div>
<div class="grand"><dt>${escapeHtml(c('total'))}</dt><dd>${total}</dd></div>
</dl>
</div>
</section>`;

  let panel: string;
  if (state === 'open') {
    panel = `<h1>${escapeHtml(c('heading'))}</h1>
<div class="notice"><strong>${escapeHtml(c('testModeName'))}</strong><p>${escapeHtml(c('testModeNote'))}</p></div>
<p class="hint">${escapeHtml(c('payText'))}</p>
<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="csrf" value="${escapeHtml(options.csrf)}">
<button class="btn primary" type="submit" name="action" value="pay">${escapeHtml(c('pay', { amount: total }))}</button>
<button class="btn secondary" type="submit" name="action" value="cancel">${escapeHtml(c('cancel'))}</button>
</form>`;
  } else {
    const [title, body] =
      state === 'paid'
        ? [c('paidTitle'), c('paidText')]
        : state === 'cancelled'
          ? [c('cancelledTitle'), c('cancelledText')]
          : [c('closedTitle'), c('closedText')];
    panel = `<h1>${escapeHtml(title)}</h1>
<p class="status hint">${escapeHtml(body)}</p>
<a class="btn primary" href="${escapeHtml(orderUrl)}">${escapeHtml(c('viewOrder'))}</a>`;
  }

  return page(
    order.language,
    `<main class="wrap">
${summary}
<section class="card" aria-label="${escapeHtml(c('payTitle'))}">
${panel}
</section>
</main>`,
  );
}

function messagePage(language: string, kind: 'notFound' | 'forbidden'): string {
  const c = checkoutText(language);
  const [title, body] =
    kind === 'notFound' ? [c('notFoundTitle'), c('notFoundText')] : [c('forbiddenTitle'), c('forbiddenText')];
  return page(
    language,
    `<main class="wrap narrow">
<section class="card">
<p class="merchant"><img src="/favicon.svg" alt="" width="32" height="32">${escapeHtml(c('merchant'))}</p>
<h1 class="spaced">${escapeHtml(title)}</h1>
<p class="hint">${escapeHtml(body)}</p>
<a class="btn primary" href="/">${escapeHtml(c('home'))}</a>
</section>
</main>`,
  );
}

function pageState(order: Order): PageState {
  if (order.payment_status === 'paid') return 'paid';
  if (order.order_status === 'cancelled' || order.order_status === 'expired') return 'closed';
  if (order.checkout_cancelled_at) return 'cancelled';
  return 'open';
}

/** The visitor's language for pages without an order: Lithuanian unless they prefer English. */
function requestLanguage(request: FastifyRequest): string {
  const header = request.headers['accept-language'] ?? '';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'lt';
}

/**
 * The form carries HMAC(secret, session): a page from another site cannot produce it, and
 * the browser's Origin / Sec-Fetch-Site headers must say the post came from our own page.
 */
function csrfToken(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`test-checkout.${sessionId}`).digest('base64url');
}

function sameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(html);
}

export async function testCheckoutPages(app: FastifyInstance) {
  const { config, database, mailWorker } = app.ctx;
  if (paymentProviderFor(config).name !== 'test') return; // Stripe takes the payments: no test page.
  const db = database.db;
  const limit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const findOrder = async (sessionId: string) => {
    if (!TEST_SESSION_PATTERN.test(sessionId)) return undefined;
    return db
      .selectFrom('bbq_orders')
      .selectAll()
      .where('payment_session_id', '=', sessionId)
      .where('payment_provider', '=', 'test')
      .executeTakeFirst();
  };

  app.get<{ Params: { session: string } }>(
    '/pay/test/:session',
    { config: limit },
    async (request, reply) => {
      const order = await findOrder(request.params.session);
      if (!order) return sendHtml(reply, 404, messagePage(requestLanguage(request), 'notFound'));
      const items = await db
        .selectFrom('bbq_order_items')
        .select(['product_name', 'quantity', 'total_price'])
        .where('order_id', '=', order.id)
        .orderBy('product_name')
        .execute();
      const secret = await loadAppSecret(db, config.APP_SECRET);
      return sendHtml(
        reply,
        200,
        checkoutPage({
          order,
          items,
          state: pageState(order),
          csrf: csrfToken(secret, request.params.session),
          action: `/pay/test/${request.params.session}`,
        }),
      );
    },
  );

  app.post<{ Params: { session: string }; Body: Record<string, string> | undefined }>(
    '/pay/test/:session',
    { config: limit },
    async (request, reply) => {
      const sessionId = request.params.session;
      const order = await findOrder(sessionId);
      if (!order) return sendHtml(reply, 404, messagePage(requestLanguage(request), 'notFound'));
      const secret = await loadAppSecret(db, config.APP_SECRET);
      const given = Buffer.from(String(request.body?.csrf ?? ''));
      const expected = Buffer.from(csrfToken(secret, sessionId));
      const action = request.body?.action;
      if (
        !sameOrigin(request) ||
        given.length !== expected.length ||
        !timingSafeEqual(given, expected) ||
        (action !== 'pay' && action !== 'cancel')
      ) {
        return sendHtml(reply, 403, messagePage(order.language, 'forbidden'));
      }

      try {
        const result = await inPaymentTransaction(db, async (trx) => {
          const locked = (await lockOrder(trx, order.id))!;
          if (locked.checkout_cancelled_at || locked.payment_status === 'paid') return 'unchanged';
          if (action === 'cancel') {
            await trx
              .updateTable('bbq_orders')
              .set({ checkout_cancelled_at: new Date(), updated_at: new Date() })
              .where('id', '=', order.id)
              .execute();
            await writeAudit(
              trx,
              { id: null, label: 'customer' },
              {
                action: 'order.checkout_cancelled',
                entity: 'order',
                entityId: order.id,
                details: { provider: 'test', session_id: sessionId },
              },
            );
            return 'cancelled';
          }
          // Recorded like a provider's event, so the test path leaves the same trail.
          await trx
            .insertInto('payment_events')
            .values({
              event_id: `${sessionId}.paid`,
              provider: 'test',
              type: 'test.payment_succeeded',
              order_id: order.id,
            })
            .onConflict((oc) => oc.column('event_id').doNothing())
            .execute();
          return fulfilOrder(
            trx,
            {
              orderId: order.id,
              provider: 'test',
              source: 'test-checkout',
              sessionId,
              amountPaid: order.total_amount,
              currency: order.currency,
            },
            config,
          );
        });
        if (result === 'paid' || result === 'flagged') mailWorker.wake();
      } catch (error) {
        if (!(error instanceof OrderBusyError)) throw error;
        return reply.code(503).header('retry-after', '2').send({ error: 'busy' });
      }
      return reply.redirect(orderPageOf(order), 303);
    },
  );
}
