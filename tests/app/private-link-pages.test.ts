import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRegistration } from '@tests/helpers/admin';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';
import { newSelfServiceLink, storeSelfServiceLink } from '~/platform/privacy/self-service-links.server';
import { withoutScripts } from '~/platform/render/page-store.server';

// Issue 34: the pages opened with a private link (the order's page after payment, the
// participant's self-service page) draw their answer in the server's HTML, not with scripts
// after a fetch. Each answer is checked in the page with every script removed, as a browser
// without scripts shows it. Needs a build (`npm run build`).
describe.each(DEFAULT_TEST_DATABASE)('private-link pages drawn by the server (%s)', (kind) => {
  let t: TestApp;
  const ip = () => `10.34.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, remoteAddress: ip(), headers });
  const text = (html: string) =>
    withoutScripts(html)
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');

  beforeAll(async () => {
    expect(existsSync('build/server/index.js'), 'run `npm run build` first').toBe(true);
    t = await startTestApp(kind, { PUBLIC_URL: 'https://bbq.example' });
  });
  afterAll(() => t?.close());

  it('/order-success with the order’s token: the order in the HTML, private, not kept; a wrong token is a translated 404', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      remoteAddress: ip(),
      payload: {
        product_id: 'charcoal-10kg',
        quantity: 2,
        customer_name: 'Jonas Jonaitis',
        customer_email: 'jonas@example.lt',
        customer_phone: '+44 7700 900123',
        delivery_method: 'pickup',
        language: 'lt',
      },
    });
    expect(created.statusCode).toBe(201);
    const { token, order_number } = created.json<{ token: string; order_number: string }>();

    const page = await get(`/order-success?order_id=${token}&lang=en`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const shown = text(page.body);
    expect(shown).toContain(order_number);
    expect(shown).toContain('Lumpwood charcoal 10 kg');
    expect(shown).not.toContain('Loading your order');
    expect(page.body).toContain('data-outcome="waiting"');
    // Nothing polls without scripts: the page says to reload it.
    expect(shown).toContain('Without JavaScript this page does not update by itself');
    // Without the token the page means nothing: sent home (nothing of the order kept to show).
    const plain = await get('/order-success?lang=en');
    expect(plain.statusCode).toBe(303);

    // In Lithuanian by default.
    const lithuanian = await get(`/order-success?order_id=${token}`);
    expect(lithuanian.statusCode).toBe(200);
    expect(lithuanian.body).toContain('lang="lt"');
    expect(text(lithuanian.body)).toContain(order_number);

    for (const wrong of ['A'.repeat(43), 'not-a-token', 'x'.repeat(500)]) {
      const missing = await get(`/order-success?order_id=${wrong}&lang=en`);
      expect(missing.statusCode, wrong).toBe(404);
      expect(missing.headers['cache-control']).toBe('private, no-store');
      expect(text(missing.body)).toContain('Order not found');
      expect(missing.body).not.toContain(order_number);
    }
  });

  it('/mano-duomenys with the link: the record in the HTML in the page’s language; an unknown or expired link is a translated 404', async () => {
    const { id } = await insertRegistration(t.db, { language: 'en', first_name: 'Gintarė' });
    const link = newSelfServiceLink('https://bbq.example');
    await t.db.transaction().execute((trx) =>
      storeSelfServiceLink(trx, link, {
        table: 'registrations',
        id,
        email: 'gintare@example.com',
        language: 'en',
      }),
    );

    const page = await get(`/mano-duomenys?link=${link.token}&lang=en`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const shown = text(page.body);
    expect(shown).toContain('Your registration');
    expect(shown).toContain('Gintarė');
    expect(shown).not.toContain('This link does not work');

    const lithuanian = await get(`/mano-duomenys?link=${link.token}`);
    expect(lithuanian.statusCode).toBe(200);
    expect(text(lithuanian.body)).toContain('Gintarė');
    expect(lithuanian.body).toContain('lang="lt"');

    const wrong = await get(`/mano-duomenys?link=${'A'.repeat(43)}&lang=en`);
    expect(wrong.statusCode).toBe(404);
    expect(text(wrong.body)).toContain('This link does not work');
    expect(text(wrong.body)).not.toContain('Gintarė');
    const wrongLt = await get(`/mano-duomenys?link=${'A'.repeat(43)}`);
    expect(wrongLt.statusCode).toBe(404);
    expect(wrongLt.body).toContain('lang="lt"');

    await t.db
      .updateTable('self_service_links')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .execute();
    const expired = await get(`/mano-duomenys?link=${link.token}&lang=en`);
    expect(expired.statusCode).toBe(404);
    expect(text(expired.body)).not.toContain('Gintarė');

    // Without a link: the page table's page (the way to ask for one), cacheable like any page.
    const plain = await get('/mano-duomenys?lang=en');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).not.toContain('no-store');
  });
});
