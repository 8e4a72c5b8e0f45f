import type { Page } from '@playwright/test';
import { checkContentPage, open, type PageCase } from './content-pages';
import { expect, test } from './fixtures';

const PAGES: PageCase[] = [
  {
    path: '/sponsor/reduk',
    h1: { lt: 'Reduk – viskas rūkymui ir kepsninei', en: 'Reduk – everything for smoking and grilling' },
    facts: {
      lt: [
        'Populiariausi produktai',
        'Rūkymo reikmenų katalogas',
        'Karštas ar šaltas rūkymas?',
        'Lietuva',
        'Jungtinė Karalystė',
        'Demo',
        /\+12 °C/,
      ],
      en: [
        'Most popular products',
        'Smoking accessories catalogue',
        'Hot or cold smoking?',
        'Lithuania',
        'United Kingdom',
        'Demo',
        /\+12 °C/,
      ],
    },
  },
  {
    path: '/sponsor/reduk/produktai',
    h1: { lt: 'Reduk produktai Jungtinėje Karalystėje', en: 'Reduk products in the United Kingdom' },
    facts: {
      // Money as each language writes it (one formatter, issue 18 item 7).
      lt: ['Kepimui ir rūkymui', 'Prieskonių mišiniai', '19,99 £', '850 £', '4,99 £', '14,44 £', '7,99 £'],
      en: ['For grilling and smoking', 'Spice mixes', '£19.99', '£850', '£4.99', '£14.44', '£7.99'],
    },
  },
  {
    path: '/sponsor/reduk/prieskoniai',
    h1: { lt: 'Prieskonių mišiniai', en: 'Spice mixes' },
    facts: {
      lt: ['Šašlykų prieskoniai', 'Česnakų ir žolelių mišinys', 'Kaip išgauti daugiausia skonio', '7,99 £'],
      en: ['Shashlik seasoning', 'Garlic and herb blend', 'Getting the most flavour', '£7.99'],
    },
  },
  {
    path: '/sponsor/reduk/anglys',
    h1: { lt: 'Medžio anglys 10 kg', en: 'Lumpwood charcoal 10 kg' },
    facts: {
      lt: ['19,99 £', '30–80 mm', '3–4 val.', '< 8 %', '5–7 cm', '15–20 min.', 'Kaip užkurti'],
      en: ['£19.99', '30–80 mm', '3–4 h', '< 8%', '5–7 cm', '15–20 min', 'How to light it'],
    },
  },
];

test.describe('sponsor partner pages', () => {
  for (const pageCase of PAGES) {
    for (const language of ['lt', 'en'] as const) {
      test(`${pageCase.path} in ${language}: content, one h1, no console errors, no axe violations`, async ({
        page,
        consoleErrors,
      }) => {
        await checkContentPage(page, pageCase, language);
        expect(consoleErrors).toEqual([]);
      });
    }
  }
});

test.describe('smoking-accessories catalogue', () => {
  const catalogueItems = (page: Page) => page.getByTestId('smoking-catalogue').getByRole('listitem');

  test('filters in place by category, shows the right counts and keeps the choice in the URL', async ({
    page,
    consoleErrors,
  }) => {
    await open(page, '/sponsor/reduk', 'lt');
    const filter = page.getByRole('group', { name: 'Rodyti kategoriją' });
    await expect(catalogueItems(page)).toHaveCount(13);
    await expect(filter.getByRole('link', { name: /^Visi/ })).toHaveAttribute('aria-current', 'true');

    for (const [name, slug, count] of [
      ['Įranga', 'iranga', 3],
      ['Dulkės', 'dulkes', 5],
      ['Drožlės', 'drozles', 5],
    ] as const) {
      await filter.getByRole('link', { name: new RegExp(`^${name}`) }).click();
      await expect(catalogueItems(page)).toHaveCount(count);
      await expect(page).toHaveURL(new RegExp(`/sponsor/reduk\\?kategorija=${slug}$`));
      await expect(filter.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await expect(page.getByRole('status').filter({ hasText: 'Rodoma' })).toHaveText(
        `Rodoma produktų: ${count} iš 13`,
      );
    }

    // The choice survives a reload through the address.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(catalogueItems(page)).toHaveCount(5);
    await expect(filter.getByRole('link', { name: /^Drožlės/ })).toHaveAttribute('aria-current', 'true');
    await expect(catalogueItems(page).first()).toContainText('rūkymo drožlės');

    await filter.getByRole('link', { name: /^Visi/ }).click();
    await expect(catalogueItems(page)).toHaveCount(13);
    await expect(page).toHaveURL(/\/sponsor\/reduk$/);
    expect(consoleErrors).toEqual([]);
  });

  test('opens with the category from a shared link, in English too', async ({ page, consoleErrors }) => {
    await open(page, '/sponsor/reduk?kategorija=iranga', 'en');
    const filter = page.getByRole('group', { name: 'Show category' });
    await expect(filter.getByRole('link')).toHaveText(['All13', 'Equipment3', 'Dust5', 'Chips5']);
    await expect(filter.getByRole('link', { name: /^Equipment/ })).toHaveAttribute('aria-current', 'true');
    await expect(catalogueItems(page)).toHaveCount(3);
    await expect(catalogueItems(page).first()).toContainText('Cold smoke generator');
    await expect(catalogueItems(page).first()).toContainText('€14.99');
    await filter.getByRole('link', { name: /^Dust/ }).click();
    await expect(catalogueItems(page)).toHaveCount(5);
    await expect(page).toHaveURL(/kategorija=dulkes/);
    expect(consoleErrors).toEqual([]);
  });

  test('prices are €4.89 (generator €14.99) and buy buttons open the partner store in a new tab', async ({
    page,
  }) => {
    await open(page, '/sponsor/reduk', 'en');
    const items = catalogueItems(page);
    await expect(items.filter({ hasText: '€4.89' })).toHaveCount(12);
    await expect(items.filter({ hasText: '€14.99' })).toHaveCount(1);
    const buyLinks = page.getByTestId('smoking-catalogue').getByRole('link', { name: /^Buy/ });
    await expect(buyLinks).toHaveCount(13);
    for (const link of await buyLinks.all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\/reduk\.lt/);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });
});

test.describe('partner hero, popular products and contacts', () => {
  test('hero buttons go to the store and the Facebook group in a new tab', async ({ page }) => {
    await open(page, '/sponsor/reduk', 'lt');
    for (const [name, href] of [
      [/Reduk parduotuvė/, /^https:\/\/reduk\.lt/],
      [/^Facebook grupė/, /^https:\/\/www\.facebook\.com\//],
      [/Prisijungti prie grupės/, /^https:\/\/www\.facebook\.com\//],
    ] as const) {
      const link = page.getByRole('main').getByRole('link', { name });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });

  test('six popular products: 2 and 6 open their pages here, the others the partner store', async ({
    page,
  }) => {
    await open(page, '/sponsor/reduk', 'lt');
    const popular = page.getByRole('region', { name: 'Populiariausi produktai' });
    await expect(popular.getByRole('article')).toHaveCount(6);
    for (const number of [1, 3, 4, 5]) {
      const link = page.getByTestId(`popular-${number}`).getByRole('link');
      await expect(link).toHaveAttribute('href', /^https:\/\/reduk\.lt/);
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await expect(page.getByTestId('popular-2')).toContainText('19,99 £');
    await expect(page.getByTestId('popular-6')).toContainText('nuo 7,99 £');

    await page.getByTestId('popular-2').getByRole('link').click();
    await expect(page).toHaveURL(/\/sponsor\/reduk\/anglys$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Medžio anglys 10 kg');

    await page.getByRole('link', { name: 'Atgal į Reduk puslapį' }).click();
    await expect(page).toHaveURL(/\/sponsor\/reduk$/);
    await page.getByTestId('popular-6').getByRole('link').click();
    await expect(page).toHaveURL(/\/sponsor\/reduk\/prieskoniai$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prieskonių mišiniai');
  });

  test('contacts for Lithuania and the UK are labelled as demo data', async ({ page }) => {
    await open(page, '/sponsor/reduk', 'en');
    const contacts = page.getByRole('region', { name: 'Contact Reduk' });
    await expect(contacts.getByText('Demo', { exact: true })).toBeVisible();
    await expect(contacts.getByRole('heading', { level: 3 })).toHaveText(['Lithuania', 'United Kingdom']);
    await expect(contacts).toContainText('+44 7700 900');
  });
});

test.describe('GBP products from our catalogue', () => {
  test('prices on the pages are the ones in the products table the shop sells from', async ({
    page,
    site,
  }) => {
    const rows = await site.db.selectFrom('products').select(['id', 'price_pence']).execute();
    const price = (id: string) => {
      const pence = rows.find((row) => row.id === id)?.price_pence;
      // The Lithuanian page writes pounds the Lithuanian way: "19,99 £", "850 £".
      const pounds =
        Number(pence) % 100 === 0 ? String(Number(pence) / 100) : (Number(pence) / 100).toFixed(2);
      return `${pounds.replace('.', ',')} £`;
    };
    await open(page, '/sponsor/reduk/anglys', 'lt');
    await expect(page.getByTestId('price')).toHaveText(price('charcoal-10kg'));

    await open(page, '/sponsor/reduk/produktai', 'lt');
    for (const id of ['charcoal-10kg', 'kamado-grill', 'wood-chips', 'bbq-gloves', 'spice-fish']) {
      await expect(page.locator(`article#${id}`)).toContainText(price(id));
    }
  });

  test('the products page lists all 11 with Buy buttons and links to the charcoal and spice pages', async ({
    page,
  }) => {
    await open(page, '/sponsor/reduk/produktai', 'en');
    await expect(page.getByRole('article')).toHaveCount(11);
    await expect(page.getByRole('main').getByRole('button', { name: /^Buy – / })).toHaveCount(11);
    await expect(
      page.locator('article#charcoal-10kg').getByRole('link', { name: /Details/ }),
    ).toHaveAttribute('href', '/sponsor/reduk/anglys');
    await expect(page.locator('article#spice-steak').getByRole('link', { name: /Details/ })).toHaveAttribute(
      'href',
      '/sponsor/reduk/prieskoniai#spice-steak',
    );
    await page.getByRole('link', { name: 'Back to the Reduk page' }).click();
    await expect(page).toHaveURL(/\/sponsor\/reduk$/);
  });

  test('seven spice mixes at £7.99, each with a usage tip and a Buy button', async ({ page }) => {
    await open(page, '/sponsor/reduk/prieskoniai', 'lt');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(7);
    for (const card of await cards.all()) {
      await expect(card).toContainText('7,99 £');
      await expect(card.getByText('Kaip naudoti:')).toBeVisible();
      await expect(card.getByRole('button', { name: /^Pirkti – / })).toBeVisible();
      await expect(card.getByRole('img')).toHaveAttribute('loading', 'lazy');
    }
  });

  test('the charcoal page has a prominent Buy button and a back button to the partner page', async ({
    page,
  }) => {
    await open(page, '/sponsor/reduk/anglys', 'en');
    await expect(
      page.getByRole('main').getByRole('button', { name: 'Buy – Lumpwood charcoal 10 kg' }),
    ).toBeVisible();
    const image = page.getByRole('img', { name: 'Lumpwood charcoal 10 kg' });
    await expect(image).toHaveAttribute('width', '800');
    await expect(image).toHaveAttribute('height', '600');
    await expect(image).toHaveAttribute('srcset', /\/assets\/.+ 400w, \/assets\/.+ 800w/);
    await page.getByRole('link', { name: 'Back to the Reduk page' }).click();
    await expect(page).toHaveURL(/\/sponsor\/reduk$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Reduk – everything for smoking and grilling',
    );
  });
});
