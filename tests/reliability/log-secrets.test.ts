import { describe, expect, it } from 'vitest';
import { startChildServer } from '@tests/helpers/child-server';
import { clientIp, VALID_ORDER } from '@tests/helpers/orders';
import { signHistoryToken } from '~/features/shop/history-link.server';

/**
 * The log of a whole purchase (order, TEST MODE checkout, order page, history link) and of
 * the first admin's setup, at level info as in production: no order token, checkout session,
 * checkout form token, history link, setup token or password appears in it (issue 19,
 * finding 10). The requests are still logged, with the secret parts replaced.
 */
const APP_SECRET = 'log-test-secret-log-test-secret-0123456789';
const ADMIN_SETUP_TOKEN = 'setup-token-setup-token-0123456789';
const PASSWORD = 'a long admin password 1';

describe('secrets in the log', () => {
  it('a full purchase and the admin setup leave no token in the log', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bbq-log-'));
    const server = await startChildServer({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      APP_SECRET,
      ADMIN_SETUP_TOKEN,
      TRUST_PROXY: 'true',
    });
    const secrets: string[] = [ADMIN_SETUP_TOKEN, PASSWORD];
    try {
      const send = (url: string, init: RequestInit = {}) =>
        fetch(`${server.url}${url}`, {
          redirect: 'manual',
          ...init,
          headers: { 'x-forwarded-for': clientIp(7), ...(init.headers as Record<string, string>) },
        });
      const created = await send('/api/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(VALID_ORDER),
      });
      expect(created.status).toBe(201);
      const order = (await created.json()) as { url: string; token: string };
      const session = order.url.replace('/pay/test/', '');
      secrets.push(order.token, session);

      const page = await send(order.url);
      const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1];
      expect(csrf).toBeTruthy();
      secrets.push(csrf!);
      const paid = await send(order.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams({ csrf: csrf!, action: 'pay' }).toString(),
      });
      expect(paid.status).toBe(303);
      const success = paid.headers.get('location')!;
      expect(success).toContain(order.token);
      expect((await send(success)).status).toBe(200);
      expect((await send(`/api/orders/${order.token}`)).status).toBe(200);
      // A wrong token is logged (404) as well: redacted all the same.
      const wrong = order.token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
      secrets.push(wrong);
      expect((await send(`/api/orders/${wrong}`)).status).toBe(404);
      // The order's page drawn by the server for its token (issue 34), and for a wrong one.
      expect((await send(`/order-success?order_id=${wrong}`)).status).toBe(404);

      const link = signHistoryToken(VALID_ORDER.customer_email, APP_SECRET);
      secrets.push(link);
      expect((await send(`/api/orders/history?link=${link}`)).status).toBe(200);
      expect((await send(`/order-history?link=${link}`)).status).toBe(200);
      // A self-service link (issue 14): the page and its API, here with a link that opens nothing.
      const selfService = 'Zm9yZ2V0LW1lLW5vdC10aGlzLWlzLWEtdGVzdC10b2s';
      secrets.push(selfService);
      expect((await send(`/api/my-data?link=${selfService}&lang=en`)).status).toBe(404);
      // The page is drawn by the server for its link (issue 34): this one opens nothing, a 404.
      expect((await send(`/mano-duomenys?link=${selfService}`)).status).toBe(404);

      const setup = await send('/api/admin/setup', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({
          token: ADMIN_SETUP_TOKEN,
          firstName: 'Rūta',
          email: 'ruta@example.com',
          password: PASSWORD,
        }),
      });
      expect(setup.status).toBeLessThan(300);
    } finally {
      server.process.kill('SIGTERM');
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
    const log = server.output();
    expect(log).toContain('/api/orders/[redacted]');
    expect(log).toContain('/api/orders/history?link=[redacted]');
    expect(log).toContain('/api/my-data?link=[redacted]&lang=en');
    for (const secret of secrets) expect(log.includes(secret), `log contains ${secret}`).toBe(false);
  }, 120_000);
});
