import { expect, siteFixture, test, useEnglish, waitForLanguage } from './fixtures';
import { fillRegistration, registrationTexts } from './registration-form';

// A scripted post the server refuses (issue 42, item 9): the page says why, in the
// visitor's language, as the page without scripts does; the e-mail fallback ("we could
// not reach our server") only when our server truly did not answer.

// A server of its own: the form's budget per address is spent here on purpose.
test.use({ site: siteFixture() });
test.describe.configure({ mode: 'serial' });

const expected = {
  lt: {
    limit: /^Per trumpą laiką gavome per daug bandymų\. Bandykite dar kartą po (9|10) minučių\.$/,
    unreachable: 'Nepavyko pasiekti mūsų serverio',
  },
  en: {
    limit: /^Too many attempts in a short time\. Please try again in (9|10) minutes\.$/,
    unreachable: 'We could not reach our server',
  },
} as const;

for (const language of ['lt', 'en'] as const) {
  test(`a scripted registration over the limit says so and when to try again (${language})`, async ({
    page,
    site,
    consoleErrors,
  }) => {
    const t = registrationTexts[language];
    // Spend the address's budget (10 in 10 minutes, shared by the page post and the API).
    for (let i = 0; ; i++) {
      const answer = await page.request.post(`${site.url}/api/registrations`, { data: {} });
      if (answer.status() === 429) break;
      expect(i).toBeLessThan(20);
    }
    const mailtos: string[] = [];
    page.on('popup', (popup) => mailtos.push(popup.url()));
    if (language === 'en') await useEnglish(page);
    await page.goto('/registracija');
    await waitForLanguage(page, language);
    // No pause for the bot trap's fill time: the rate limit answers before the form is read.
    await fillRegistration(page, language, `limit-${language}@example.com`);
    const before = await site.db.selectFrom('registrations').select('id').execute();
    const answered = page.waitForResponse('**/registracija.data*');
    await page.getByRole('button', { name: t.submit, exact: true }).click();
    expect((await answered).status()).toBe(429);

    // The notice the page without scripts shows, with when to try again, brought into view.
    const notice = page.getByRole('alert').filter({ hasText: expected[language].limit });
    await expect(notice).toBeVisible();
    await expect(notice).toBeFocused();
    await expect(page.getByText(expected[language].unreachable)).toHaveCount(0);
    await expect(page.locator('a[href^="mailto:"][href*="subject"]')).toHaveCount(0);
    await expect(page.getByLabel(t.firstName, { exact: true })).toHaveValue('Rūta');
    expect(mailtos).toEqual([]);
    expect(await site.db.selectFrom('registrations').select('id').execute()).toHaveLength(before.length);
    expect(consoleErrors.filter((e) => !e.includes('429'))).toEqual([]);
  });
}
