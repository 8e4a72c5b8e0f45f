import type { Locator, Page } from '@playwright/test';
import contacts from '@content/initial/contacts.json' with { type: 'json' };
import { axeViolations, expect, test, useEnglish, waitForLanguage } from './fixtures';

type Language = 'lt' | 'en';

interface PageCheck {
  path: string;
  h1: Record<Language, string>;
  /** Texts that must be visible on the page (facts from docs/PRODUCT.md (Rules) and key headings). */
  facts: Record<Language, string[]>;
}

/** The next event's year, as the event facts' initial content says (content/initial/event.json). */
const year = '2026';

const PAGES: PageCheck[] = [
  {
    path: '/',
    h1: { lt: 'Lietuvių BBQ savaitgalis Velse', en: 'Lithuanian BBQ Weekend in Wales' },
    facts: {
      lt: [
        `BBQ savaitgalis ${year}`,
        '2026 m. rugpjūčio 15 d., šeštadienis',
        '12:00–16:00',
        '20:00–23:00', // the bonfire night ends at the music hour (issue 43)
        '25 £',
      ],
      en: [`BBQ Weekend ${year}`, 'Saturday, 15 August 2026', '12:00–16:00', '20:00–23:00', '£25'],
    },
  },
  {
    path: '/apie-rengini',
    h1: { lt: 'Apie renginį', en: 'About the event' },
    facts: {
      lt: [
        '2026 m. rugpjūčio 15 d., šeštadienis',
        '25 £ už naktį',
        '25 £ + 10 £ užstatas',
        '495 £',
        '08:00–22:00',
        '23:00–07:00',
      ],
      en: [
        'Saturday, 15 August 2026',
        '£25 per night',
        '£25 + £10 deposit',
        '£495',
        '08:00–22:00',
        '23:00–07:00',
      ],
    },
  },
  {
    path: '/istorija',
    h1: { lt: 'Renginio istorija', en: 'Event history' },
    facts: {
      lt: ['2025 m. spalio 6 d.', 'Apie 100 dalyvių', 'Apie 60 kg maisto', 'Kur viskas prasidėjo'],
      en: ['6 October 2025', 'About 100 guests', 'About 60 kg of food', 'Where it all began'],
    },
  },
  {
    path: '/zoline',
    h1: { lt: 'Žolinė ir 2026 m. šventė', en: 'Žolinė and the 2026 festival' },
    facts: {
      lt: [
        '2026 m. rugpjūčio 15 d., šeštadienis',
        'Jubiliejinis, penktasis BBQ savaitgalis', // the edition from the facts (issue 43)
        'Žolynų puokštės',
        'Krekenava',
      ],
      en: ['Saturday, 15 August 2026', 'The jubilee fifth BBQ weekend', 'Herb bouquets', 'Krekenava'],
    },
  },
  {
    path: '/organizatoriai',
    h1: { lt: 'Organizatoriai', en: 'Organizers' },
    facts: {
      lt: ['4+', '500+', '50+', 'Misija', 'Koordinatorė', contacts.phone],
      en: ['4+', '500+', '50+', 'Mission', 'Coordinator', contacts.phone],
    },
  },
  {
    path: '/kontaktai',
    h1: { lt: 'Kontaktai', en: 'Contacts' },
    facts: {
      lt: [
        contacts.email,
        'Facebook grupė',
        'Per kiek laiko atsakote?',
        'Parašykite mums',
        'Velso lietuvių bendruomenė',
      ],
      en: [
        contacts.email,
        'Facebook group',
        'How quickly do you reply?',
        'Write to us',
        'The Lithuanian community in Wales',
      ],
    },
  },
  {
    path: '/duk',
    h1: { lt: 'Dažnai užduodami klausimai', en: 'Frequently asked questions' },
    facts: {
      lt: ['Ar dalyvavimas mokamas?', 'Neradote atsakymo?'],
      en: ['Does it cost anything to take part?', "Didn't find your answer?"],
    },
  },
];

async function open(page: Page, path: string, language: Language) {
  if (language === 'en') await useEnglish(page);
  await page.goto(path);
  await waitForLanguage(page, language);
}

for (const check of PAGES) {
  for (const language of ['lt', 'en'] as const) {
    test(`${check.path} in ${language}: headings, facts, meta, landmarks, axe`, async ({
      page,
      consoleErrors,
    }) => {
      await open(page, check.path, language);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveCount(1);
      await expect(h1).toHaveText(check.h1[language]);
      const main = page.getByRole('main');
      for (const fact of check.facts[language]) {
        await expect(main.getByText(fact, { exact: false }).first(), fact).toBeVisible();
      }
      await expect(page).toHaveTitle(
        new RegExp(`\\| ${language === 'lt' ? 'Lietuvių BBQ Velse' : 'Lithuanian BBQ Wales'}$`),
      );
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
      await expect(page.getByRole('banner').first()).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      // Every photo on the page reserves its space (no layout shift).
      for (const img of await page.locator('main img').all()) {
        await expect(img).toHaveAttribute('width', /\d+/);
        await expect(img).toHaveAttribute('height', /\d+/);
      }
      expect(await axeViolations(page)).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  }

  test(`${check.path} fits a 375 px phone without horizontal scrolling`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await open(page, check.path, 'lt');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test.describe('home page', () => {
  test('links: announcement to /zoline, calls to action, sponsors strip, anchors', async ({ page }) => {
    await open(page, '/', 'lt');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Apie Žolinę ir programą' })).toHaveAttribute(
      'href',
      '/zoline',
    );
    await expect(main.getByRole('link', { name: 'Dalyvauti su patiekalu' })).toHaveAttribute(
      'href',
      '/registracija',
    );
    await expect(main.getByRole('link', { name: 'Paremti renginį' })).toHaveAttribute(
      'href',
      '/tapti-remeju',
    );
    const reduk = main.getByRole('link', { name: /REDUK/ });
    await expect(reduk).toHaveAttribute('href', 'https://reduk.lt');
    await expect(reduk).toHaveAttribute('target', '_blank');
    // Building and repairs: the building showcase (issue 18, item 3).
    await expect(main.getByRole('link', { name: /Baltic Home Services/ })).toHaveAttribute(
      'href',
      '/sponsor/4',
    );
    const removals = main.getByRole('link', { name: /Wales Removals/ });
    await expect(removals).toHaveAttribute('target', '_blank');
    await expect(removals).toHaveAttribute('href', /^https:\/\//);
    await expect(page.locator('#events')).toBeVisible();
    await main.getByRole('link', { name: 'Susisiekti' }).click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('English calls to action use the spec labels', async ({ page }) => {
    await open(page, '/', 'en');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Join with a dish' })).toHaveAttribute(
      'href',
      '/registracija',
    );
    await expect(main.getByRole('link', { name: 'Support the event' })).toHaveAttribute(
      'href',
      '/tapti-remeju',
    );
    await expect(main.getByRole('link', { name: 'About Žolinė and the programme' })).toHaveAttribute(
      'href',
      '/zoline',
    );
  });

  test('gallery: counter, wrap-around both ways, thumbnails, arrow keys, focus trap, Escape', async ({
    page,
  }) => {
    await open(page, '/', 'lt');
    const trigger = page.locator('summary', { hasText: /Nuotraukų galerija/ });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'BBQ savaitgalio akimirkos' });
    await expect(dialog).toBeVisible();
    const counter = dialog.getByTestId('gallery-counter');
    const photo = (n: number) => dialog.getByRole('img', { name: `Renginio nuotrauka ${n}` });
    await expect(counter).toHaveText('1 / 7');
    await expect(photo(1)).toBeVisible();
    expect(await photo(1).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    await expect(dialog.getByRole('button', { name: /^Rodyti \d nuotrauką$/ })).toHaveCount(7);

    // Scroll lock while open.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    await dialog.getByRole('button', { name: 'Ankstesnė nuotrauka' }).click();
    await expect(counter).toHaveText('7 / 7');
    await expect(photo(7)).toBeVisible();
    await dialog.getByRole('button', { name: 'Kita nuotrauka' }).click();
    await expect(counter).toHaveText('1 / 7');

    await dialog.getByRole('button', { name: 'Rodyti 4 nuotrauką' }).click();
    await expect(counter).toHaveText('4 / 7');
    await expect(photo(4)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Rodyti 4 nuotrauką' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await dialog.getByRole('button', { name: 'Rodyti 7 nuotrauką' }).click();
    await expect(counter).toHaveText('7 / 7');
    await dialog.getByRole('button', { name: 'Kita nuotrauka' }).click();
    await expect(counter).toHaveText('1 / 7');

    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText('7 / 7');
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('1 / 7');
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('2 / 7');

    await expectFocusTrapped(page, dialog);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test('gallery close button closes and returns focus (English)', async ({ page }) => {
    await open(page, '/', 'en');
    const trigger = page.locator('summary', { hasText: /Photo gallery/ });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Moments from the BBQ weekend' });
    await expect(dialog.getByTestId('gallery-counter')).toHaveText('1 / 7');
    await expect(dialog.getByRole('img', { name: 'Event photo 1' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close gallery' }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('thank-you dialog recaps 2025 and its switch shows and hides the next-year line', async ({
    page,
    consoleErrors,
  }) => {
    await open(page, '/', 'lt');
    await page.getByRole('button', { name: 'Ačiū už 2025-uosius!' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ačiū, kad 2025-aisiais buvote kartu!' });
    await expect(dialog).toBeVisible();
    for (const heading of [
      'Kaip sekėsi',
      'Krepšinis',
      'Kulinarijos varžybų nugalėtojai',
      'Rėmėjas',
      'Tradicija',
    ]) {
      await expect(dialog.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(dialog.getByText('apie 100 žmonių')).toBeVisible();
    const nextYear = dialog.getByText('Iki pasimatymo kitais metais');
    const toggle = dialog.getByRole('switch', { name: 'Rodyti kvietimą kitiems metams' });
    await expect(nextYear).toHaveCount(0);
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(nextYear).toBeVisible();
    await toggle.press('Space');
    await expect(nextYear).toHaveCount(0);
    await dialog.getByText('Rodyti kvietimą kitiems metams').click(); // the label toggles too
    await expect(nextYear).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ačiū už 2025-uosius!' })).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('history page', () => {
  const COUNTS = { '2025': 7, '2024': 8, '2023': 8, '2022': 7 } as const;

  test('each year has its card, maps link and a gallery with the right photos', async ({ page }) => {
    await open(page, '/istorija', 'lt');
    const main = page.getByRole('main');
    const cards = main.getByRole('article');
    await expect(cards).toHaveCount(4);
    for (const [index, [yr, count]] of Object.entries(COUNTS)
      .sort(([a], [b]) => Number(b) - Number(a))
      .entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 2 })).toContainText(yr);
      const map = card.getByRole('link', { name: /Žiūrėti žemėlapyje/ });
      await expect(map).toHaveAttribute('target', '_blank');
      await expect(map).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\//);
      await expect(card.getByRole('listitem').first()).toBeVisible();

      const trigger = card.locator('summary', { hasText: `Žiūrėti nuotraukas (${count})` });
      await trigger.click();
      const dialog = page.getByRole('dialog', { name: `${yr} m. nuotraukos` });
      await expect(dialog.getByTestId('gallery-counter')).toHaveText(`1 / ${count}`);
      await expect(dialog.getByRole('button', { name: /^Rodyti \d nuotrauką$/ })).toHaveCount(count);
      await expect(dialog.getByRole('img', { name: `${yr} nuotrauka 1` })).toBeVisible();
      await dialog.getByRole('button', { name: 'Kita nuotrauka' }).click();
      await expect(dialog.getByRole('img', { name: `${yr} nuotrauka 2` })).toBeVisible();
      await dialog.getByRole('button', { name: `Rodyti ${count} nuotrauką` }).click();
      await expect(dialog.getByTestId('gallery-counter')).toHaveText(`${count} / ${count}`);
      await expect(dialog.getByRole('img', { name: `${yr} nuotrauka ${count}` })).toBeVisible();
      // Thumbnails are 64 px squares.
      const box = await dialog.getByRole('button', { name: 'Rodyti 1 nuotrauką' }).boundingBox();
      expect(box?.width).toBe(64);
      expect(box?.height).toBe(64);
      await dialog.getByRole('button', { name: 'Uždaryti galeriją' }).click();
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
    }
  });

  test('English alt texts and titles', async ({ page }) => {
    await open(page, '/istorija', 'en');
    await page.locator('summary', { hasText: 'View photos (8)' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Photos from 2024' });
    await expect(dialog.getByRole('img', { name: '2024 photo 1' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('img', { name: '2024 photo 2' })).toBeVisible();
    await expectFocusTrapped(page, dialog);
  });

  test('the closing card invites visitors to register', async ({ page }) => {
    await open(page, '/istorija', 'lt');
    const closing = page.getByRole('region', { name: 'Kitas istorijos puslapis – kartu su jumis' });
    await expect(closing.getByRole('link', { name: 'Registruotis' })).toHaveAttribute(
      'href',
      '/registracija',
    );
  });
});

test.describe('about page', () => {
  test('photos open the gallery at the chosen photo', async ({ page }) => {
    await open(page, '/apie-rengini', 'lt');
    const third = page.getByRole('main').getByRole('button', { name: '2025 nuotrauka 3' });
    await third.scrollIntoViewIfNeeded();
    await third.click();
    const dialog = page.getByRole('dialog', { name: '2025 m. nuotraukos' });
    await expect(dialog.getByTestId('gallery-counter')).toHaveText('3 / 7');
    await page.keyboard.press('Escape');
    await expect(third).toBeFocused();
  });
});

test.describe('FAQ page', () => {
  test('the accordion opens one answer at a time, by mouse and by keyboard', async ({
    page,
    consoleErrors,
  }) => {
    await open(page, '/duk', 'lt');
    const question = (name: string) => page.locator('summary', { hasText: name });
    const first = question('Ar dalyvavimas mokamas?');
    const second = question('Ar reikia registruotis iš anksto?');
    const firstAnswer = page.getByText('Ne, dalyvavimas ir registracija nemokami.');
    const secondAnswer = page.getByText('Taip, labai prašome.');
    await expect(firstAnswer).toBeHidden();
    await first.click();
    await expect(firstAnswer).toBeVisible();
    await second.click();
    await expect(secondAnswer).toBeVisible();
    await expect(firstAnswer).toBeHidden();
    await expect(page.locator('main details[open]')).toHaveCount(1);
    await second.click(); // collapsible: the open one closes again
    await expect(secondAnswer).toBeHidden();
    // Arrow keys, Home and End move between the questions; Enter opens one.
    const questions = page.locator('main summary');
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await expect(second).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(secondAnswer).toBeVisible();
    await page.keyboard.press('End');
    await expect(questions.last()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(first).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(questions.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(first).toBeFocused();
    await expect(page.getByRole('main').getByRole('link', { name: 'Rašyti per WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\d+\?text=/,
    );
    expect(consoleErrors).toEqual([]);
  });

  test('English visitors get the English questions', async ({ page }) => {
    await open(page, '/duk', 'en');
    await page.locator('summary', { hasText: 'Can I come with children?' }).click();
    await expect(page.getByText('children under 12 must be accompanied')).toBeVisible();
    await expect(page.getByText('Ar dalyvavimas mokamas?')).toHaveCount(0);
  });
});

test.describe('contacts page', () => {
  test('e-mail, WhatsApp, phone and social links', async ({ page }) => {
    await open(page, '/kontaktai', 'lt');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Rašyti el. laišką' })).toHaveAttribute(
      'href',
      `mailto:${contacts.email}`,
    );
    const whatsapp = main.getByRole('link', { name: /Rašyti per WhatsApp/ });
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    await expect(whatsapp).toHaveAttribute(
      'href',
      new RegExp(`^https://wa\\.me/${contacts.whatsapp.replace(/\D/g, '')}\\?text=Labas`),
    );
    await expect(main.getByRole('link', { name: /Skambinti/ })).toHaveAttribute(
      'href',
      `tel:${contacts.phone.replace(/[^\d+]/g, '')}`,
    );
    for (const [name, href] of [
      [/Facebook grupė/, contacts.facebook],
      [/Instagram/, contacts.instagram],
    ] as const) {
      const link = main.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
    }
  });
});

/** Tabs through the page and checks that focus never leaves the dialog. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
}
