import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import Stripe from 'stripe';

/**
 * A local HTTP server imitating the two Stripe API calls the shop makes:
 * POST /v1/checkout/sessions and GET /v1/checkout/sessions/:id. Point the SDK at it with
 * STRIPE_API_URL. It records every request (form fields as Stripe's SDK encodes them,
 * idempotency keys) and honours idempotency keys like Stripe does.
 */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  mode: 'payment';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  livemode: false;
}

interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  form: Record<string, string>;
}

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  /** Make the next session creations answer with an API error (provider outage). */
  failNext: (count: number) => void;
  markPaid: (sessionId: string) => FakeSession;
  close: () => Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const byIdempotencyKey = new Map<string, FakeSession>();
  let failures = 0;

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const url = new URL(request.url ?? '/', 'http://fake');
      const form = Object.fromEntries(new URLSearchParams(body));
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        idempotencyKey,
        authorization: request.headers.authorization,
        form,
      });
      const send = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
        response.end(JSON.stringify(json));
      };

      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (failures > 0) {
          failures--;
          return send(500, { error: { type: 'api_error', message: 'Fake outage' } });
        }
        const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (known) return send(200, known);
        let amount = 0;
        for (let i = 0; form[`line_items[${i}][quantity]`] !== undefined; i++) {
          amount +=
            Number(form[`line_items[${i}][quantity]`]) *
            Number(form[`line_items[${i}][price_data][unit_amount]`]);
        }
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const metadata: Record<string, string> = {};
        for (const [key, value] of Object.entries(form)) {
          const match = /^metadata\[(\w+)\]$/.exec(key);
          if (match) metadata[match[1]!] = value;
        }
        const session: FakeSession = {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: 'open',
          payment_status: 'unpaid',
          mode: 'payment',
          amount_total: amount,
          currency: form['line_items[0][price_data][currency]'] ?? 'gbp',
          client_reference_id: form.client_reference_id ?? null,
          customer_email: form.customer_email ?? null,
          metadata,
          success_url: form.success_url ?? '',
          cancel_url: form.cancel_url ?? '',
          livemode: false,
        };
        sessions.set(id, session);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
        return send(200, session);
      }

      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && retrieve) {
        const session = sessions.get(decodeURIComponent(retrieve[1]!));
        if (!session) {
          return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
        }
        return send(200, session);
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL` } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    failNext: (count) => {
      failures = count;
    },
    markPaid: (sessionId) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`unknown fake session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A Stripe event around a checkout session, signed like Stripe signs webhooks; `signedAt`
 * (Unix seconds, default now) dates the signature.
 */
export function signedEvent(
  secret: string,
  type: string,
  session: Partial<FakeSession> & { id: string },
  eventId = `evt_${randomBytes(12).toString('hex')}`,
  signedAt = Math.floor(Date.now() / 1000),
): { id: string; payload: string; signature: string } {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: { object: 'checkout.session', ...session } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: signedAt });
  return { id: eventId, payload, signature };
}
