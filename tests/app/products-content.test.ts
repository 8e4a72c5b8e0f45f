import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '~/app/prepare.server';
import type { ProductContent } from '~/features/shop/products';
import { call, insertAdmin, sessionCookie } from '@tests/helpers/admin';
import { VALID_ORDER } from '@tests/helpers/orders';
import { startTestApp, type TestApp } from '@tests/helpers/test-app';
import { DEFAULT_TEST_DATABASE } from '@tests/helpers/test-database';

interface Doc {
  draft: { products: ProductContent[] };
  draftVersion: number;
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(DEFAULT_TEST_DATABASE)('shop products as content (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const admin = await insertAdmin(t.db, 'scrypt$17$8$1$x$y', { email: `shop-${Date.now()}@example.com` });
    cookie = await sessionCookie(t, admin.id);
  });
  afterAll(() => t?.close());

  const json = async <T>(method: string, path: string, body?: unknown) => {
    const response = await call(t, method, path, { cookie, body });
    return { status: response.status, body: (await response.json()) as T };
  };

  async function publish(change: (products: ProductContent[]) => ProductContent[]) {
    const { body: doc } = await json<Doc>('GET', '/api/admin/content/products');
    const saved = await json<{ draftVersion: number }>('PUT', '/api/admin/content/products/draft', {
      data: { products: change(structuredClone(doc.draft.products)) },
      baseVersion: doc.draftVersion,
    });
    expect(saved.status).toBe(200);
    return json<{ publishedVersion: number }>('POST', '/api/admin/content/products/publish', {
      baseVersion: saved.body.draftVersion,
    });
  }

  const order = (quantity = 2, productId: string = VALID_ORDER.product_id) =>
    call(t, 'POST', '/api/orders', { body: { ...VALID_ORDER, quantity, product_id: productId } });

  const amounts = async (token: string) => {
    const view = (await (await fetch(`${t.url}/api/orders/${token}`)).json()) as {
      total_amount: number;
      items: Array<{ product_price: number; total_price: number }>;
    };
    return { total: view.total_amount, unit: view.items[0]!.product_price };
  };

  it('a new price applies to new orders only; an order keeps what was charged', async () => {
    const before = await order(2);
    expect(before.status).toBe(201);
    const { token: oldToken } = (await before.json()) as { token: string };
    expect(await amounts(oldToken)).toEqual({ total: 3998, unit: 1999 });

    const published = await publish((products) =>
      products.map((p) => (p.id === 'charcoal-10kg' ? { ...p, price: 2250 } : p)),
    );
    expect(published.status).toBe(200);

    expect(await amounts(oldToken)).toEqual({ total: 3998, unit: 1999 });
    const after = await order(2);
    const { token: newToken } = (await after.json()) as { token: string };
    expect(await amounts(newToken)).toEqual({ total: 4500, unit: 2250 });

    // The page shows the new price in both languages, with no restart.
    // Each language writes money its own way (issue 18, item 7).
    for (const [lang, newPrice, oldPrice] of [
      ['lt', /22,50\s£/, /19,99\s£/],
      ['en', /£22\.50/, /£19\.99/],
    ] as const) {
      const html = await (await fetch(`${t.url}/sponsor/reduk/anglys?lang=${lang}`)).text();
      expect(html, lang).toMatch(newPrice);
      expect(html, lang).not.toMatch(oldPrice);
    }
  });

  it('a restart keeps the organisers’ prices (the first content is never written over them)', async () => {
    await prepareDatabase(t.database.handle, t.database.url, quiet);
    const row = await t.db
      .selectFrom('products')
      .select('price_pence')
      .where('id', '=', 'charcoal-10kg')
      .executeTakeFirstOrThrow();
    expect(row.price_pence).toBe(2250);
  });

  it('a product taken off sale cannot be ordered and leaves the pages; a renamed one keeps its orders', async () => {
    const published = await publish((products) =>
      products.map((p) =>
        p.id === 'kamado-grill'
          ? { ...p, onSale: false }
          : p.id === 'bbq-gloves'
            ? { ...p, name: { lt: 'Odinės pirštinės', en: 'Leather gloves' } }
            : p,
      ),
    );
    expect(published.status).toBe(200);
    const refused = await order(1, 'kamado-grill');
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: 'product_not_found' });

    const html = await (await fetch(`${t.url}/sponsor/reduk/produktai?lang=en`)).text();
    expect(html).not.toContain('Kamado grill');
    expect(html).toContain('Leather gloves');

    const gloves = await order(1, 'bbq-gloves');
    expect(gloves.status).toBe(201);
    const { token } = (await gloves.json()) as { token: string };
    const view = (await (await fetch(`${t.url}/api/orders/${token}`)).json()) as {
      items: Array<{ product_names: { lt: string; en: string } }>;
    };
    expect(view.items[0]!.product_names).toEqual({ lt: 'Odinės pirštinės', en: 'Leather gloves' });
  });

  it('refuses a price of zero, a duplicate code and a missing name, and publishes nothing', async () => {
    const { body: doc } = await json<Doc>('GET', '/api/admin/content/products');
    const [first, second] = doc.draft.products;
    for (const products of [
      [{ ...first!, price: 0 }, second!],
      [first!, { ...second!, id: first!.id }],
      [{ ...first!, name: { lt: '', en: 'Charcoal' } }, second!],
    ]) {
      const saved = await json<{ error: string; fields?: Array<{ field: string }> }>(
        'PUT',
        '/api/admin/content/products/draft',
        { data: { products }, baseVersion: doc.draftVersion },
      );
      if (saved.status === 200) {
        // A missing translation may be saved as a draft, never published.
        const refused = await json<{ error: string }>('POST', '/api/admin/content/products/publish', {
          baseVersion: (saved.body as unknown as { draftVersion: number }).draftVersion,
        });
        expect(refused.status).toBe(422);
        doc.draftVersion = (saved.body as unknown as { draftVersion: number }).draftVersion;
      } else {
        expect(saved.status).toBe(400);
        expect(saved.body.error).toBe('validation');
      }
    }
    const prices = await t.db.selectFrom('products').select(['id', 'price_pence', 'active']).execute();
    expect(prices.every((p) => p.price_pence > 0)).toBe(true);
  });
});
